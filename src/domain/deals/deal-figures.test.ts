import { describe, expect, it } from 'vitest'
import { dealFigures, financeDealFigures, partExchangeState } from './deal-figures'
import { quoteFinance } from '../finance/quote-engine'

const now = new Date('2026-11-30T12:00:00Z')
const px = { quotedPence: 250_000, outstandingFinancePence: 50_000, expiresAt: '2026-12-10T12:00:00Z' }

describe('deal figures', () => {
  it('cash price less the part-exchange’s net value, plus accessories and delivery, less the deposit, is the balance', () => {
    const f = dealFigures({ cashPricePence: 700_000, accessories: [{ name: 'Helmet', pricePence: 54_000 }], deliveryPence: 0, partExchange: px, depositPence: 9_900 }, now)
    expect(f.totalPricePence).toBe(754_000)
    expect(f.partExchange).toMatchObject({ state: 'held', valuePence: 250_000, netPence: 200_000, adjustmentPence: 0 })
    expect(f.balancePence).toBe(700_000 + 54_000 - 200_000 - 9_900)
  })

  it('an unconfirmed valuation stops counting once its hold is up; a confirmed one counts with its adjustment', () => {
    const expired = dealFigures({ cashPricePence: 700_000, accessories: [], deliveryPence: 0, partExchange: { ...px, expiresAt: '2026-11-30T11:59:59Z' }, depositPence: 0 }, now)
    expect(expired.partExchange).toMatchObject({ state: 'expired', netPence: 0 })
    expect(expired.balancePence).toBe(700_000)
    const confirmed = dealFigures({ cashPricePence: 700_000, accessories: [], deliveryPence: 0, partExchange: { ...px, expiresAt: '2026-11-01T00:00:00Z', confirmedPence: 230_000, adjustmentReason: 'Scuffed tank' }, depositPence: 0 }, now)
    expect(confirmed.partExchange).toMatchObject({ state: 'confirmed', valuePence: 230_000, netPence: 180_000, adjustmentPence: -20_000, adjustmentReason: 'Scuffed tank' })
    expect(confirmed.balancePence).toBe(520_000)
    expect(partExchangeState({ expiresAt: '2026-11-01T00:00:00Z', committed: true }, now)).toBe('held')
  })

  it('negative equity adds to the balance', () => {
    const f = dealFigures({ cashPricePence: 500_000, accessories: [], deliveryPence: 0, partExchange: { ...px, outstandingFinancePence: 300_000 }, depositPence: 0 }, now)
    expect(f.partExchange?.netPence).toBe(-50_000)
    expect(f.balancePence).toBe(550_000)
  })

  it('a finance application’s balance is the lender’s advance to the penny, with or without negative equity', () => {
    for (const owed of [50_000, 300_000]) {
      const net = px.quotedPence - owed
      const equity = Math.max(0, net)
      const cashDeposit = 70_000
      const q = quoteFinance({ product: 'HP', cashPricePence: 700_000, valueAddedProductsPence: 54_000, depositPence: cashDeposit + equity, negativeEquityPence: Math.max(0, -net), aprPercent: 9.9, termMonths: 48 })
      if (!q.ok) throw new Error(q.errors.join())
      const f = financeDealFigures({ bikePence: 700_000, accessories: [{ name: 'Helmet', pricePence: 54_000 }], totalDepositPounds: (cashDeposit + equity) / 100, partExchange: { ...px, outstandingFinancePence: owed, expiresAt: '2026-11-01T00:00:00Z' } }, now)
      expect(f.depositPence).toBe(cashDeposit)
      expect(f.balancePence).toBe(q.quote.advancePence)
      expect(f.partExchange?.state).toBe('held')
    }
  })
})
