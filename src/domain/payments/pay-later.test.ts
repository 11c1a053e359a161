import { describe, expect, it } from 'vitest'
import { PRODUCT_KINDS } from '../catalogue/product-kind'
import { DEFAULT_PAY_LATER, payLaterVerdict } from './pay-later'

const line = (kind: (typeof PRODUCT_KINDS)[number], name = `A ${kind}`) => ({ kind, name })

describe('payLaterVerdict', () => {
  it('offers Pay in 3 on rider wear, accessories and bicycles within the limits, with instalments that add up', () => {
    for (const kind of ['riderwear', 'accessory', 'bicycle'] as const) {
      const verdict = payLaterVerdict([line(kind)], 45_000)
      expect(verdict.available, kind).toBe(true)
      if (verdict.available) expect(verdict.instalments.reduce((s, i) => s + i.amountPence, 0)).toBe(45_000)
    }
  })

  it('sends motorcycles, scooters and e-bikes to regulated finance, saying why', () => {
    for (const kind of ['motorcycle', 'scooter', 'e-bike'] as const) {
      const verdict = payLaterVerdict([line('riderwear', 'Gloves'), line(kind, 'The bike')], 60_000)
      expect(verdict).toMatchObject({ available: false, reason: 'kind', financeOffered: true, financeLines: [{ name: 'The bike' }] })
      if (!verdict.available) expect(verdict.message).toMatch(/offered on rider wear, accessories and bicycles only.*The bike.*hire purchase through our lender/)
    }
  })

  it('an e-bike within the limits may be offered when the settings add e-bikes; above the maximum it goes to finance', () => {
    const settings = { ...DEFAULT_PAY_LATER, kinds: [...DEFAULT_PAY_LATER.kinds, 'e-bike' as const] }
    expect(payLaterVerdict([line('e-bike')], 90_000, settings).available).toBe(true)
    const above = payLaterVerdict([line('e-bike')], 140_000, settings)
    expect(above).toMatchObject({ available: false, reason: 'above_maximum', financeOffered: true })
    if (!above.available) expect(above.message).toBe('Pay in 3 is available on baskets up to £1,000; yours comes to £1,400. Bikes can be bought on hire purchase through our lender instead: you see the full quote, the APR and the total amount payable before you apply, and the lender checks affordability.')
  })

  it('keeps to the limits, inclusive', () => {
    expect(payLaterVerdict([line('accessory')], 3000).available).toBe(true)
    expect(payLaterVerdict([line('accessory')], 100_000).available).toBe(true)
    expect(payLaterVerdict([line('accessory')], 2999)).toMatchObject({ available: false, reason: 'below_minimum', financeOffered: false, message: 'Pay in 3 is available on baskets of £30 or more; yours comes to £29.99.' })
    expect(payLaterVerdict([line('bicycle')], 100_001)).toMatchObject({ available: false, reason: 'above_maximum', financeOffered: false })
  })

  it('is not offered when switched off or on an empty basket', () => {
    expect(payLaterVerdict([line('accessory')], 5000, { ...DEFAULT_PAY_LATER, enabled: false })).toMatchObject({ available: false, reason: 'disabled' })
    expect(payLaterVerdict([], 0)).toMatchObject({ available: false, reason: 'empty' })
  })
})
