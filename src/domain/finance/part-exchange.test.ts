// A part-exchange lowers the balance to finance by exactly its net value (value less settlement);
// negative equity raises it by the shortfall.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { partExchangeNet } from './part-exchange'
import { quoteFinance, type QuoteInput } from './quote-engine'

const hp: QuoteInput = { product: 'HP', cashPricePence: 700000, depositPence: 100000, aprPercent: 9.9, termMonths: 54, optionToPurchaseFeePence: 1000 }

function quoteWithPartExchange(valuePence: number, settlementPence: number) {
  const net = partExchangeNet({ valuePence, settlementPence })
  const outcome = quoteFinance({ ...hp, depositPence: hp.depositPence + net.equityPence, negativeEquityPence: net.negativeEquityPence })
  if (!outcome.ok) throw new Error(outcome.errors.join('; '))
  return outcome.quote
}

describe('partExchangeNet', () => {
  it('splits the net into equity and negative equity', () => {
    expect(partExchangeNet({ valuePence: 300000, settlementPence: 100000 })).toEqual({ netPence: 200000, equityPence: 200000, negativeEquityPence: 0 })
    expect(partExchangeNet({ valuePence: 100000, settlementPence: 150000 })).toEqual({ netPence: -50000, equityPence: 0, negativeEquityPence: 50000 })
  })
})

describe('a part-exchange on a quote', () => {
  const without = quoteWithPartExchange(0, 0)

  it('lowers the balance to finance by exactly its net value, and the monthly payment with it', () => {
    const withPx = quoteWithPartExchange(250000, 50000)
    expect(without.advancePence - withPx.advancePence).toBe(200000)
    expect(withPx.regularPaymentPence).toBeLessThan(without.regularPaymentPence)
    // The cash price is the bike's; the equity counts as deposit.
    expect(withPx.totalCashPricePence).toBe(700000)
    expect(withPx.depositPence).toBe(300000)
  })

  it('raises it by the negative equity, which is not charged as credit cost', () => {
    const negative = quoteWithPartExchange(100000, 150000)
    expect(negative.advancePence - without.advancePence).toBe(50000)
    expect(negative.negativeEquityPence).toBe(50000)
    expect(negative.totalPayablePence - negative.totalChargeForCreditPence).toBe(700000 + 50000)
  })

  it('moves the balance by exactly the net for any value and settlement', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500000 }), fc.integer({ min: 0, max: 500000 }), (value, settlement) => {
        const q = quoteWithPartExchange(value, settlement)
        expect(without.advancePence - q.advancePence).toBe(value - settlement)
      }),
    )
  })
})
