// Demo coupons, one per case the basket shows (spec §4, §5, §9). Created when missing, so an already-seeded
// shop gets them on its next start; staff edits to an existing coupon are never overwritten.
import type { Payload } from 'payload'
import type { Coupon } from '../../payload-types'

type DemoCoupon = Pick<Coupon, 'code' | 'discountType' | 'amount' | 'description'> & Partial<Pick<Coupon, 'expiresAt' | 'minimumSpendPence' | 'usageLimit'>>

export const DEMO_COUPONS: readonly DemoCoupon[] = [
  { code: 'WELCOME10', discountType: 'percent', amount: 10, description: 'Demo: 10% off the basket' },
  { code: 'TENOFF', discountType: 'fixed_cart', amount: 1000, minimumSpendPence: 5000, description: 'Demo: £10 off a basket of £50 or more' },
  { code: 'STAFFPART', discountType: 'fixed_product', amount: 500, description: 'Demo: fixed_product, which the online shop does not support' },
  { code: 'EXPIRED5', discountType: 'percent', amount: 5, expiresAt: '2025-01-01T00:00:00.000Z', description: 'Demo: an expired coupon' },
]

export async function ensureDemoCoupons(payload: Payload): Promise<number> {
  let created = 0
  for (const coupon of DEMO_COUPONS) {
    const found = await payload.find({ collection: 'coupons', where: { code: { equals: coupon.code } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
    if (found.docs[0]) continue
    await payload.create({ collection: 'coupons', data: { ...coupon, active: true, usedCount: 0 }, overrideAccess: true })
    created += 1
  }
  return created
}
