import { describe, expect, it } from 'vitest'
import { estimateContaining, productMonthlyEstimate } from './product-monthly-estimate'

describe('productMonthlyEstimate', () => {
  it('works from price plus fee, less the default deposit, over 36 months', () => {
    // Used CB500F: £4,495, no fee. Deposit 10% = £449.50 → £500. Borrow £3,995 over 36.
    const r = productMonthlyEstimate({ kind: 'motorcycle', financeable: true, pricePence: 449_500 })
    expect(r).toMatchObject({ financePricePence: 449_500, depositPence: 50_000, termMonths: 36 })
    // 103 × 3995 / 36 = 114.30… → 114; 115 × 3995 / 36 = 127.62… → 128
    expect(r?.estimate).toEqual({ lowerPounds: 114, upperPounds: 128 })
  })

  it('adds the extra fee before the deposit is worked out', () => {
    // £8,499 + £250 = £8,749; deposit £875 → £900; borrow £7,849
    const r = productMonthlyEstimate({ kind: 'motorcycle', financeable: true, pricePence: 849_900, extraFeePence: 25_000 })
    expect(r).toMatchObject({ financePricePence: 874_900, depositPence: 90_000, termMonths: 36 })
    expect(r?.estimate).toEqual({ lowerPounds: Math.floor((103 * 7849) / 36 / 100), upperPounds: Math.ceil((115 * 7849) / 36 / 100) })
  })

  it("takes a 'Finance Offer' promotion's term and deposit", () => {
    const r = productMonthlyEstimate({
      kind: 'motorcycle',
      financeable: true,
      pricePence: 1_649_900,
      extraFeePence: 25_000,
      promotions: [{ offerType: 'Finance Offer', financeOptionsAdjustment: { termInMonths: 48, annualDistance: 5000, cashDepositPence: 250_000 } }],
    })
    expect(r).toMatchObject({ depositPence: 250_000, termMonths: 48 })
    expect(r?.estimate.lowerPounds).toBe(Math.floor((103 * (16_749 - 2_500)) / 48 / 100))
  })

  it('offers nothing for pedal cycles, unfinanceable or unpriced bikes', () => {
    expect(productMonthlyEstimate({ kind: 'bicycle', financeable: true, pricePence: 99_999 })).toBeNull()
    expect(productMonthlyEstimate({ kind: 'motorcycle', financeable: false, pricePence: 449_500 })).toBeNull()
    expect(productMonthlyEstimate({ kind: 'scooter', financeable: true, pricePence: null })).toBeNull()
    expect(productMonthlyEstimate({ kind: 'e-bike', financeable: true, pricePence: 250_000 })).not.toBeNull()
  })

  it('offers nothing for a bike that has sold, and leaves a bike of unknown stock alone', () => {
    expect(productMonthlyEstimate({ kind: 'motorcycle', financeable: true, pricePence: 449_500, stockQuantity: 0 })).toBeNull()
    expect(productMonthlyEstimate({ kind: 'motorcycle', financeable: true, pricePence: 449_500, stockQuantity: 1 })).not.toBeNull()
    expect(productMonthlyEstimate({ kind: 'motorcycle', financeable: true, pricePence: 449_500, stockQuantity: null })).not.toBeNull()
  })
})

describe('estimateContaining', () => {
  it('widens the range to hold the real quote beside it: £45–£51 above a £54.49 quote becomes £45–£55', () => {
    expect(estimateContaining({ lowerPounds: 45, upperPounds: 51 }, 5_449)).toEqual({ lowerPounds: 45, upperPounds: 55 })
    expect(estimateContaining({ lowerPounds: 45, upperPounds: 51 }, 4_401)).toEqual({ lowerPounds: 44, upperPounds: 51 })
  })

  it('leaves a range that already holds the quote as it is, and always contains the payment', () => {
    expect(estimateContaining({ lowerPounds: 114, upperPounds: 128 }, 12_000)).toEqual({ lowerPounds: 114, upperPounds: 128 })
    for (const [lower, upper, pence] of [[45, 51, 5_449], [10, 12, 1_200], [100, 120, 9_999], [100, 120, 12_001], [1, 1, 1]] as const) {
      const r = estimateContaining({ lowerPounds: lower, upperPounds: upper }, pence)
      expect(r.lowerPounds * 100, `${pence}`).toBeLessThanOrEqual(pence)
      expect(r.upperPounds * 100, `${pence}`).toBeGreaterThanOrEqual(pence)
      expect(r.lowerPounds).toBeLessThanOrEqual(lower)
      expect(r.upperPounds).toBeGreaterThanOrEqual(upper)
    }
  })
})
