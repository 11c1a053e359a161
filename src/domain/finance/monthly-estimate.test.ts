// Checks the spec §9 monthly payment range against hand-worked figures and its bounds.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { monthlyPaymentEstimate } from './monthly-estimate'
import { defaultDepositPence } from './quote-client-rules'

describe('monthlyPaymentEstimate', () => {
  it('works from the finance price less the default deposit over 36 months', () => {
    // £6,499 less £700 = £5,799: 103 × 5799 / 36 / 100 = 165.92 → 165; 115 × 5799 / 36 / 100 = 185.25 → 186.
    expect(monthlyPaymentEstimate(649900)).toEqual({ lowerPounds: 165, upperPounds: 186 })
    // £7,000 less £700 = £6,300: 180.25 → 180 and 201.25 → 202.
    expect(monthlyPaymentEstimate(700000)).toEqual({ lowerPounds: 180, upperPounds: 202 })
    // £3,700 less £400 = £3,300: 94.41… → 94 and 105.41… → 106.
    expect(monthlyPaymentEstimate(370000)).toEqual({ lowerPounds: 94, upperPounds: 106 })
  })

  it('keeps pence in the amount before rounding', () => {
    // £6,499.99 less £700 = £5,799.99: 165.94 → 165 and 185.28 → 186.
    expect(monthlyPaymentEstimate(649999)).toEqual({ lowerPounds: 165, upperPounds: 186 })
  })

  it('does not round an exact figure away', () => {
    // £36,000 deposit £0 over 36: exactly 1030 and 1150, so neither moves.
    expect(monthlyPaymentEstimate(3600000, { depositPence: 0 })).toEqual({ lowerPounds: 1030, upperPounds: 1150 })
  })

  it('accepts other terms and deposits', () => {
    expect(monthlyPaymentEstimate(700000, { depositPence: 100000, termMonths: 48 })).toEqual({ lowerPounds: 128, upperPounds: 144 })
  })

  it('has nothing to estimate when the deposit covers the price', () => {
    expect(monthlyPaymentEstimate(5000)).toBeNull()
    expect(monthlyPaymentEstimate(700000, { depositPence: 700000 })).toBeNull()
    expect(monthlyPaymentEstimate(700000, { termMonths: 0 })).toBeNull()
  })

  it('brackets 103% to 115% of the interest-free payment, a pound apart at most at each end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20000, max: 10_000_000 }), (price) => {
        const estimate = monthlyPaymentEstimate(price)
        const amountPounds = (price - defaultDepositPence(price)) / 100
        if (amountPounds <= 0) return expect(estimate).toBeNull()
        if (!estimate) throw new Error('expected an estimate')
        const low = (1.03 * amountPounds) / 36
        const high = (1.15 * amountPounds) / 36
        expect(Number.isInteger(estimate.lowerPounds) && Number.isInteger(estimate.upperPounds)).toBe(true)
        expect(estimate.lowerPounds).toBeLessThanOrEqual(low + 1e-9)
        expect(estimate.lowerPounds).toBeGreaterThan(low - 1)
        expect(estimate.upperPounds).toBeGreaterThanOrEqual(high - 1e-9)
        expect(estimate.upperPounds).toBeLessThan(high + 1)
      }),
    )
  })
})
