// A card's monthly figure is the first quote the bike's own finance step shows on the same inputs, and the
// budget filter's price ceilings (what SQL tests) keep exactly the bikes whose best hire-purchase quote fits.
import { describe, expect, it } from 'vitest'
import { demoLenderPanel } from '../../setup/seed/demo-lenders'
import { answerIvendiQuoteRequest, ivendiQuoteRequestSchema } from '../../adapters/finance/ivendi/provider'
import { buildIvendiQuoteRequest } from '../../adapters/finance/ivendi/request'
import { quoteFigures, usableProductQuotes } from '../../adapters/finance/ivendi/response'
import { representativeExample } from '../../domain/finance/representative-example'
import { quotePanel, type BikeForFinance } from '../../domain/finance/rate-table'
import { financeWidgetTerms } from '../../domain/finance/quote-client-rules'
import { bestBudgetQuote, budgetClauses, exampleFromQuote, firstShownQuote, parseBudget, type BudgetClause } from '../../domain/finance/monthly-figures'

const asOf = new Date('2026-11-26T12:00:00Z')

const BIKES: (BikeForFinance & { name: string })[] = [
  { name: 'new naked', cashPricePence: 749_900, condition: 'new', registrationDate: null, odometerMiles: 0 },
  { name: 'new scooter', cashPricePence: 329_900, condition: 'new', registrationDate: null, odometerMiles: 0 },
  { name: 'new tourer', cashPricePence: 1_899_900, condition: 'new', registrationDate: null, odometerMiles: 0 },
  { name: 'used 2 years', cashPricePence: 599_500, condition: 'used', registrationDate: '2024-09-12T00:00:00.000Z', odometerMiles: 8_200 },
  { name: 'used 6 years', cashPricePence: 429_000, condition: 'used', registrationDate: '2020-05-02T00:00:00.000Z', odometerMiles: 21_000 },
  { name: 'used 11 years', cashPricePence: 289_000, condition: 'used', registrationDate: '2015-03-30T00:00:00.000Z', odometerMiles: 35_000 },
]

/** What the finance step shows for a bike on its opening terms, through the built-in iVendi provider, first quote first. */
function financeStepQuotes(bike: BikeForFinance) {
  const terms = financeWidgetTerms(bike.cashPricePence, [])
  const built = buildIvendiQuoteRequest(
    {
      cashPricePence: bike.cashPricePence,
      depositPence: terms.depositPence,
      termMonths: terms.termMonths,
      annualDistance: terms.annualDistance,
      used: bike.condition === 'used',
      vrm: bike.condition === 'used' ? 'AB12CDE' : null,
      capCode: 'HOCB650R19',
      registrationDate: bike.registrationDate,
      currentOdometerReading: bike.odometerMiles,
      quoteDate: asOf,
    },
    { username: 'wheelhouse', quoteeUid: 'q', cfMotoQuoteeUid: 'q' },
  )
  if (!built.ok) throw new Error(built.error)
  let n = 0
  const response = answerIvendiQuoteRequest(ivendiQuoteRequestSchema.parse(built.request), { panel: demoLenderPanel, now: asOf, uid: () => `uid-${++n}` })
  const quotes = usableProductQuotes(response).map((q) => ({ facilityType: q.FacilityType, example: representativeExample(q.FacilityType, quoteFigures(q.Figures))! }))
  return { terms, quotes }
}

describe('a card’s monthly figure', () => {
  it.each(BIKES)('is the first quote of the finance step for the $name (built-in provider and quote engine agree)', (bike) => {
    const { terms, quotes } = financeStepQuotes(bike)
    const card = firstShownQuote(quotes)
    const panel = quotePanel(demoLenderPanel, bike, { termMonths: terms.termMonths, depositPence: terms.depositPence, annualDistance: terms.annualDistance, asOf })
    if (bike.name === 'used 11 years') {
      // Too old for every lender by the end of the term: no quote, so no figure on the card either.
      expect(card).toBeNull()
      expect(panel.some((q) => q.outcome.ok)).toBe(false)
      return
    }
    expect(card).not.toBeNull()
    // The finance step lists hire purchase first, cheapest first: the card names that one.
    const hp = quotes.filter((q) => q.facilityType === 'HP').map((q) => q.example.regularPaymentPence)
    expect(card!.facilityType).toBe('HP')
    expect(card!.example.regularPaymentPence).toBe(Math.min(...hp))
    // The same figure straight from the domain's panel on the same inputs.
    const engineHp = panel.flatMap((q) => (q.product === 'HP' && q.outcome.ok ? [q.outcome.quote.regularPaymentPence] : []))
    expect(card!.example.regularPaymentPence).toBe(Math.min(...engineHp))
    expect(card!.example.depositPence).toBe(terms.depositPence)
    expect(card!.example.termMonths).toBe(terms.termMonths)
  })

  it('falls back to the first PCP when no lender offers hire purchase', () => {
    expect(firstShownQuote([{ facilityType: 'PCP', n: 1 }, { facilityType: 'PCP', n: 2 }])).toEqual({ facilityType: 'PCP', n: 1 })
    expect(firstShownQuote([{ facilityType: 'PCP', n: 1 }, { facilityType: 'HP', n: 2 }])).toEqual({ facilityType: 'HP', n: 2 })
    expect(firstShownQuote([])).toBeNull()
  })
})

/** The SQL predicate of a clause, in TypeScript (features/finance-figures/monthly-figures.server.ts writes the same). */
function passes(c: BudgetClause, bike: BikeForFinance): boolean {
  const conditionOk =
    (c.condition !== 'used' && bike.condition === 'new') ||
    (c.condition !== 'new' &&
      bike.condition === 'used' &&
      bike.registrationDate !== null &&
      (c.registeredAfter === null || bike.registrationDate > c.registeredAfter) &&
      (c.registeredNotAfter === null || bike.registrationDate <= c.registeredNotAfter))
  return conditionOk && bike.odometerMiles <= c.maxOdometerMiles && bike.cashPricePence >= c.minPricePence && bike.cashPricePence <= c.maxPricePence
}

describe('the budget filter', () => {
  it('reads its URL parameters leniently and clamps them', () => {
    expect(parseBudget('£150', '1,000', '48')).toEqual({ monthlyPence: 15_000, depositPence: 100_000, termMonths: 48 })
    expect(parseBudget('150', undefined, '7')).toEqual({ monthlyPence: 15_000, depositPence: 0, termMonths: 36 })
    expect(parseBudget('', '1000', '48')).toBeNull()
    expect(parseBudget('abc', '1000', '48')).toBeNull()
    expect(parseBudget('999999', '1000', '48')?.monthlyPence).toBe(500_000)
  })

  const budgets = [
    { monthlyPence: 15_000, depositPence: 0, termMonths: 36 },
    { monthlyPence: 15_000, depositPence: 100_000, termMonths: 48 },
    { monthlyPence: 25_000, depositPence: 50_000, termMonths: 60 },
    { monthlyPence: 9_000, depositPence: 30_000, termMonths: 24 },
    { monthlyPence: 40_000, depositPence: 200_000, termMonths: 36 },
  ]
  // Prices across the range, so some bikes sit either side of every ceiling.
  const many: BikeForFinance[] = BIKES.flatMap((b) => [0.5, 0.8, 1, 1.3, 1.7].map((f) => ({ ...b, cashPricePence: Math.round(b.cashPricePence * f) })))

  it.each(budgets)('keeps exactly the bikes whose best HP quote fits, and sorts them by it (%o)', (budget) => {
    const clauses = budgetClauses(demoLenderPanel, budget, asOf)
    for (const bike of many) {
      const best = bestBudgetQuote(demoLenderPanel, bike, budget, asOf)
      const fits = best !== null && best.quote.regularPaymentPence <= budget.monthlyPence
      const met = clauses.filter((c) => passes(c, bike))
      expect(met.length > 0, `${bike.condition} ${bike.cashPricePence} ${bike.registrationDate}`).toBe(fits)
      if (fits) {
        // The sort expression of the cheapest clause met is the best quote's payment before rounding to the penny.
        const sortValue = Math.min(...met.map((c) => (bike.cashPricePence - budget.depositPence) * c.perPencePrice + c.offsetPence))
        expect(Math.abs(sortValue - best.quote.regularPaymentPence)).toBeLessThanOrEqual(0.5 + 1e-6)
      }
    }
  })

  it('describes its best quote as a full representative example', () => {
    const best = bestBudgetQuote(demoLenderPanel, BIKES[0]!, budgets[1]!, asOf)!
    const example = exampleFromQuote(best.quote)
    expect(example).toMatchObject({ facilityType: 'HP', depositPence: 100_000, termMonths: 48, regularPaymentPence: best.quote.regularPaymentPence, creditPence: 749_900 - 100_000 })
    expect(example.totalPayablePence).toBe(example.depositPence + best.quote.schedule.reduce((s, r) => s + r.amountPence * r.number, 0))
  })
})
