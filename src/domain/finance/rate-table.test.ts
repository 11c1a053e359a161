// Checks rate, balloon and eligibility selection over the lender panel, and that accepted quotes honour each lender's limits.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { FinanceQuote, QuoteOutcome } from './quote-engine'
import { balloonFromPercent, bikeAgeInMonths, findAprBand, findResidualValue, quotePanel, type BikeForFinance, type Lender, type PanelRequest } from './rate-table'
import { demoLenderPanel } from '../../setup/seed/demo-lenders'

const asOf = new Date('2025-06-01T12:00:00Z')
const newBike: BikeForFinance = { cashPricePence: 700000, condition: 'new', registrationDate: null, odometerMiles: 0 }
const request: PanelRequest = { termMonths: 37, depositPence: 100000, annualDistance: 4000, asOf }

function lender(code: string): Lender {
  const found = demoLenderPanel.find((l) => l.funderCode === code)
  if (!found) throw new Error(`no lender ${code}`)
  return found
}

function quoteOf(outcome: QuoteOutcome | undefined): FinanceQuote {
  if (!outcome?.ok) throw new Error(`expected a quote, got ${outcome ? outcome.errors.join('; ') : 'nothing'}`)
  return outcome.quote
}

function errorsOf(outcome: QuoteOutcome | undefined): readonly string[] {
  if (!outcome || outcome.ok) throw new Error('expected errors')
  return outcome.errors
}

function find(results: ReturnType<typeof quotePanel>, code: string, product: 'HP' | 'PCP') {
  return results.find((r) => r.funderCode === code && r.product === product)?.outcome
}

describe('quotePanel', () => {
  it('lists every lender and product it offers, in panel order', () => {
    const results = quotePanel(demoLenderPanel, newBike, request)
    expect(results.map((r) => `${r.funderCode} ${r.product}`)).toEqual(['HMF HP', 'HMF PCP', 'PBC HP', 'CGF HP', 'CGF PCP'])
  })

  it('quotes with the band’s APR, the lender’s fees and the RV grid’s balloon', () => {
    const results = quotePanel(demoLenderPanel, newBike, request)
    const hp = quoteOf(find(results, 'HMF', 'HP'))
    expect(hp.aprPercent).toBe(9.9)
    expect(hp.optionToPurchaseFeePence).toBe(1000)
    expect(hp.termMonths).toBe(37)
    const pcp = quoteOf(find(results, 'HMF', 'PCP'))
    // New, up to 37 months, up to 4,000 miles a year: 47% of £7,000.
    expect(pcp.balloonPence).toBe(329000)
    expect(pcp.finalPaymentPence).toBe(329000 + 1000)
    expect(quoteOf(find(results, 'PBC', 'HP')).aprPercent).toBe(12.9)
  })

  it('refuses a deposit below the lender’s minimum, naming the minimum', () => {
    const results = quotePanel(demoLenderPanel, newBike, request)
    const message = 'Deposit must be at least 15% (£1,050) with Castlegate Finance.'
    expect(errorsOf(find(results, 'CGF', 'HP'))).toEqual([message])
    expect(errorsOf(find(results, 'CGF', 'PCP'))).toEqual([message])
    expect(quotePanel(demoLenderPanel, newBike, { ...request, depositPence: 105000 }).every((r) => r.outcome.ok)).toBe(true)
  })

  it('refuses a term outside the lender’s range', () => {
    const results = quotePanel(demoLenderPanel, newBike, { ...request, termMonths: 84 })
    expect(errorsOf(find(results, 'PBC', 'HP'))).toContain('Term must be from 12 to 72 months with Pennine Bike Credit.')
    expect(errorsOf(find(results, 'HMF', 'HP'))).toContain('Term must be from 12 to 60 months with Harbourside Motor Finance.')
  })

  it('refuses a bike that would be too old by the end of the agreement', () => {
    const oldBike: BikeForFinance = { cashPricePence: 400000, condition: 'used', registrationDate: '2016-03-01', odometerMiles: 12000 }
    const results = quotePanel(demoLenderPanel, oldBike, { ...request, termMonths: 36 })
    expect(errorsOf(find(results, 'HMF', 'HP'))).toEqual(['The bike would be more than 10 years old by the end of the agreement.'])
    expect(errorsOf(find(results, 'PBC', 'HP'))).toEqual(['The bike would be more than 12 years old by the end of the agreement.'])
    // A shorter agreement brings it within Pennine's limit: 9 years 3 months + 24 months.
    expect(quoteOf(find(quotePanel(demoLenderPanel, oldBike, { ...request, termMonths: 24 }), 'PBC', 'HP')).aprPercent).toBe(14.9)
  })

  it('needs a registration date for a used bike', () => {
    const undated: BikeForFinance = { ...newBike, condition: 'used', registrationDate: null }
    for (const result of quotePanel(demoLenderPanel, undated, request)) {
      expect(errorsOf(result.outcome)).toContain('A used bike needs a valid registration date for a finance quote.')
    }
  })

  it('refuses a used bike over the lender’s mileage', () => {
    const used: BikeForFinance = { cashPricePence: 700000, condition: 'used', registrationDate: '2023-05-01', odometerMiles: 30000 }
    const results = quotePanel(demoLenderPanel, used, { ...request, depositPence: 110000 })
    expect(errorsOf(find(results, 'CGF', 'HP'))).toEqual(['Castlegate Finance lends on bikes with up to 25,000 miles.'])
    expect(quoteOf(find(results, 'HMF', 'HP')).aprPercent).toBe(11.9)
  })

  it('refuses PCP when no guaranteed future value covers the mileage', () => {
    const results = quotePanel(demoLenderPanel, newBike, { ...request, annualDistance: 20000 })
    expect(errorsOf(find(results, 'HMF', 'PCP'))).toEqual(['No guaranteed future value for this bike over 37 months at 20000 miles a year.'])
    expect(find(results, 'HMF', 'HP')?.ok).toBe(true)
  })

  it('passes on the engine’s refusal when the lender’s checks pass', () => {
    const tiny: Lender = { ...lender('HMF'), minAdvancePence: 0, minDepositPercent: 0, residualValues: [{ maxAgeYears: 0, maxTermMonths: 49, maxAnnualDistance: 10000, percentOfCashPrice: 95 }] }
    const results = quotePanel([tiny], newBike, { ...request, depositPence: 300000 })
    expect(errorsOf(find(results, 'HMF', 'PCP'))).toEqual(['The balloon and fees leave nothing to pay monthly: lower the balloon or raise the term.'])
  })

  it('reproduces iVendi’s PCP through a lender whose RV is 39.16%', () => {
    const blackhorseLike: Lender = {
      ...lender('HMF'),
      products: ['PCP'],
      aprBands: [{ product: 'PCP', condition: 'any', minAgeYears: 0, maxAgeYears: 10, minTermMonths: 1, maxTermMonths: 60, aprPercent: 9.9 }],
      residualValues: [{ maxAgeYears: 10, maxTermMonths: 60, maxAnnualDistance: 10000, percentOfCashPrice: 39.16 }],
    }
    const used: BikeForFinance = { cashPricePence: 700000, condition: 'used', registrationDate: '2017-03-24', odometerMiles: 1300 }
    const [result] = quotePanel([blackhorseLike], used, { termMonths: 37, depositPence: 100000, annualDistance: 10000, asOf: new Date('2019-03-01') })
    const quote = quoteOf(result?.outcome)
    expect(quote.balloonPence).toBe(274100)
    expect(quote.regularPaymentPence).toBe(12629)
    expect(quote.totalPayablePence).toBe(829744)
  })
})

describe('selection helpers', () => {
  it('counts a bike’s age in whole calendar months', () => {
    expect(bikeAgeInMonths('2021-03-31', new Date('2025-03-30T00:00:00Z'))).toBe(47)
    expect(bikeAgeInMonths('2021-03-31', new Date('2025-03-31T00:00:00Z'))).toBe(48)
    expect(bikeAgeInMonths('2030-01-01', asOf)).toBe(0)
    expect(bikeAgeInMonths('not a date', asOf)).toBeNull()
  })

  it('takes the first APR band that fits', () => {
    expect(findAprBand(lender('HMF'), 'HP', 'new', 0, 48)?.aprPercent).toBe(9.9)
    expect(findAprBand(lender('HMF'), 'HP', 'new', 0, 49)?.aprPercent).toBe(10.9)
    expect(findAprBand(lender('HMF'), 'HP', 'used', 4, 36)?.aprPercent).toBe(12.9)
    expect(findAprBand(lender('CGF'), 'PCP', 'used', 2, 36)?.aprPercent).toBe(10.9)
    expect(findAprBand(lender('CGF'), 'PCP', 'used', 3, 36)).toBeUndefined()
  })

  it('takes the tightest residual-value band covering the request', () => {
    expect(findResidualValue(lender('HMF'), 0, 30, 5000)?.percentOfCashPrice).toBe(44)
    expect(findResidualValue(lender('HMF'), 0, 25, 4000)?.percentOfCashPrice).toBe(56)
    expect(findResidualValue(lender('HMF'), 2, 30, 10000)?.percentOfCashPrice).toBe(30)
    expect(findResidualValue(lender('HMF'), 2, 49, 4000)).toBeUndefined()
    expect(findResidualValue(lender('PBC'), 0, 24, 3000)).toBeUndefined()
  })

  it('rounds a balloon down to the whole pound', () => {
    expect(balloonFromPercent(700000, 39.16)).toBe(274100)
    expect(balloonFromPercent(649900, 47)).toBe(305400)
    expect(balloonFromPercent(700000, 40)).toBe(280000)
  })
})

describe('demoLenderPanel', () => {
  it('has three lenders with APRs from 9.9% to 14.9%', () => {
    expect(demoLenderPanel).toHaveLength(3)
    const aprs = demoLenderPanel.flatMap((l) => l.aprBands.map((b) => b.aprPercent))
    expect(Math.min(...aprs)).toBe(9.9)
    expect(Math.max(...aprs)).toBe(14.9)
    for (const l of demoLenderPanel) {
      for (const product of l.products) expect(l.aprBands.some((b) => b.product === product)).toBe(true)
      expect(l.residualValues.length > 0).toBe(l.products.includes('PCP'))
    }
  })

  it('only ever quotes within each lender’s limits', () => {
    const bike = fc.record({
      cashPricePence: fc.integer({ min: 100000, max: 3000000 }),
      condition: fc.constantFrom<'new' | 'used'>('new', 'used'),
      registrationDate: fc.option(fc.integer({ min: 2008, max: 2025 }).map((year) => `${year}-04-15`), { nil: null }),
      odometerMiles: fc.integer({ min: 0, max: 70000 }),
    })
    const ask = fc.record({
      termMonths: fc.integer({ min: 6, max: 90 }),
      depositPercent: fc.integer({ min: 0, max: 40 }),
      annualDistance: fc.constantFrom(2000, 4000, 6000, 8000, 12000),
    })
    fc.assert(
      fc.property(bike, ask, (b, a) => {
        const depositPence = Math.round((b.cashPricePence * a.depositPercent) / 100)
        const results = quotePanel(demoLenderPanel, b, { termMonths: a.termMonths, depositPence, annualDistance: a.annualDistance, asOf })
        for (const result of results) {
          const l = lender(result.funderCode)
          if (!result.outcome.ok) {
            expect(result.outcome.errors.length).toBeGreaterThan(0)
            continue
          }
          const q = result.outcome.quote
          expect(a.termMonths).toBeGreaterThanOrEqual(l.minTermMonths)
          expect(a.termMonths).toBeLessThanOrEqual(l.maxTermMonths)
          expect(depositPence * 100).toBeGreaterThanOrEqual(l.minDepositPercent * b.cashPricePence)
          expect(q.advancePence).toBeLessThanOrEqual(l.maxAdvancePence)
          expect(q.advancePence).toBeGreaterThanOrEqual(l.minAdvancePence)
          expect(l.aprBands.some((band) => band.product === result.product && band.aprPercent === q.aprPercent)).toBe(true)
          if (b.condition === 'used') expect(b.registrationDate).not.toBeNull()
          if (b.condition === 'used') expect(b.odometerMiles).toBeLessThanOrEqual(l.maxOdometerMiles)
          if (result.product === 'PCP') expect(q.balloonPence).toBeGreaterThan(0)
        }
      }),
      { numRuns: 300 },
    )
  })
})
