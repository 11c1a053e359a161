import { describe, expect, it } from 'vitest'
import { productMonthlyEstimate } from './product-monthly-estimate'

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
})
