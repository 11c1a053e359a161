// The demo customer (README: "Try the account pages") with two past orders of real catalogue products, their
// totals worked out as checkout does (line totals, VAT included per line). Idempotent: looked up by email and order number.
import type { Payload } from 'payload'
import { vatIncluded } from '../../domain/money'
import { PUBLISHED_DEMO_PASSWORD_CONTEXT_KEY } from '../../cms/hooks/argon2-passwords'
import type { Product } from '../../payload-types'

export const DEMO_CUSTOMER = { email: 'demo@wheelhouse.local', password: 'wheelhouse-demo-2026', firstName: 'Dana', lastName: 'Rider' } as const

const DEMO_ADDRESS = { line1: '14 Canal Wharf', line2: '', town: 'Leeds', county: 'West Yorkshire', postcode: 'LS11 5PS', country: 'GB' }

const DEMO_ORDERS = [
  { orderNumber: 'WH-DEMO01', placedAt: '2026-08-14T10:24:00.000Z', status: 'completed', lines: [{ slug: 'abus-granit-x-plus-540', count: 1 }, { slug: 'abus-bordo-6000', count: 1 }] },
  { orderNumber: 'WH-DEMO02', placedAt: '2026-10-30T16:05:00.000Z', status: 'paid', lines: [{ slug: 'oxford-boss-chain-lock-1-5m', count: 2 }] },
] as const

export async function ensureDemoCustomer(payload: Payload, log: (message: string) => void = () => {}): Promise<void> {
  const existing = await payload.find({ collection: 'users', where: { email: { equals: DEMO_CUSTOMER.email } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  const customer =
    existing.docs[0] ??
    (await payload.create({
      collection: 'users',
      data: { ...DEMO_CUSTOMER, role: 'customer', phone: '0113 496 0000', addresses: [{ label: 'Home', ...DEMO_ADDRESS }] },
      overrideAccess: true,
      // Its password is published in the README, so guessability is beside the point; length rules still apply.
      context: { [PUBLISHED_DEMO_PASSWORD_CONTEXT_KEY]: true },
    }))

  for (const spec of DEMO_ORDERS) {
    const found = await payload.find({ collection: 'orders', where: { orderNumber: { equals: spec.orderNumber } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
    if (found.docs[0]) continue
    const lines = []
    for (const line of spec.lines) {
      const products = await payload.find({ collection: 'products', where: { slug: { equals: line.slug } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
      const product = products.docs[0] as Product | undefined
      if (!product || product.price == null) {
        log(`demo order ${spec.orderNumber} skipped: product ${line.slug} is not in the catalogue`)
        break
      }
      lines.push({ product: product.id, name: product.name, sku: product.sku ?? undefined, unitPricePence: product.price, count: line.count, vatRatePercent: product.vatRate ?? 20, lineTotalPence: product.price * line.count })
    }
    if (lines.length !== spec.lines.length) continue
    const subtotalPence = lines.reduce((sum, l) => sum + l.lineTotalPence, 0)
    const vatPence = lines.reduce((sum, l) => sum + vatIncluded(l.lineTotalPence, Number(l.vatRatePercent)), 0)
    await payload.create({
      collection: 'orders',
      overrideAccess: true,
      data: {
        orderNumber: spec.orderNumber,
        kind: 'card',
        status: spec.status,
        customer: customer.id,
        firstName: DEMO_CUSTOMER.firstName,
        lastName: DEMO_CUSTOMER.lastName,
        email: DEMO_CUSTOMER.email,
        phone: '0113 496 0000',
        address: DEMO_ADDRESS,
        delivery: { method: 'free', feePence: 0, firstName: DEMO_CUSTOMER.firstName, lastName: DEMO_CUSTOMER.lastName },
        lines,
        subtotalPence,
        discountPence: 0,
        vatPence,
        totalPence: subtotalPence,
        stock: { state: 'committed', couponCounted: false },
        payment: { provider: 'test-gateway', reference: `demo_${spec.orderNumber}`, paidAt: spec.placedAt, refundedPence: 0 },
        history: [{ at: spec.placedAt, actor: 'demo seed', from: 'awaiting_payment', to: spec.status, note: 'Demo order created by the seed' }],
        createdAt: spec.placedAt,
      } as never,
    })
  }
}
