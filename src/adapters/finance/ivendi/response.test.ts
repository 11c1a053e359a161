// Checks which product quotes of an iVendi response may be offered (spec §5, §9), and how their Figures reach the domain.
import { describe, expect, it } from 'vitest'
import { ivendiExampleQuoteFigures, ivendiExampleResponse } from '../../../../tests/fixtures/ivendi-reference-examples'
import { representativeExample } from '../../../domain/finance/representative-example'
import { quoteFigures, usableProductQuotes } from './response'
import type { IvendiErrorFlags, IvendiProductQuote, IvendiQuoteResponse } from './types'

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> }

function exampleResponse(): Mutable<IvendiQuoteResponse> {
  return structuredClone(ivendiExampleResponse) as Mutable<IvendiQuoteResponse>
}

const failing: Pick<IvendiErrorFlags, 'hasErrors' | 'Errors'> = {
  hasErrors: true,
  Errors: { hasPrivateErrors: false, hasPublicErrors: true, PublicErrors: [{ Message: 'broken', Number: 1 }] },
}

describe('usableProductQuotes (spec §5, §9)', () => {
  it('keeps the example’s two quotes without errors, cheapest regular payment first', () => {
    const usable = usableProductQuotes(ivendiExampleResponse)
    expect(usable.map((q) => [q.ProductName, q.Figures.RegularPayment])).toEqual([
      ['Blackhorse PCP APR - Standard Rate', 126.29],
      ['Blackhorse HP APR - Standard Rate', 136.92],
    ])
  })

  it('uses nothing from a response without results or with errors', () => {
    expect(usableProductQuotes({ ...exampleResponse(), hasQuoteResults: false })).toEqual([])
    expect(usableProductQuotes({ ...exampleResponse(), ...failing })).toEqual([])
    expect(usableProductQuotes(null)).toEqual([])
  })

  it('skips a quote result without results or with errors', () => {
    const noResults = exampleResponse()
    const quoteResult = noResults.QuoteResults?.[0]
    if (!quoteResult) throw new Error('fixture')
    quoteResult.hasResults = false
    expect(usableProductQuotes(noResults)).toEqual([])

    const erroring = exampleResponse()
    Object.assign(erroring.QuoteResults?.[0] ?? {}, failing)
    expect(usableProductQuotes(erroring)).toEqual([])
  })

  it('skips a result or product group with errors, keeping the rest', () => {
    const resultError = exampleResponse()
    Object.assign(resultError.QuoteResults?.[0]?.Results?.[0] ?? {}, failing)
    expect(usableProductQuotes(resultError)).toEqual([])

    const groupError = exampleResponse()
    const pcpGroup = groupError.QuoteResults?.[0]?.Results?.[0]?.ProductGroups?.find((g) => g.FacilityType === 'PCP')
    Object.assign(pcpGroup ?? {}, { Errors: failing.Errors, hasErrors: false })
    expect(usableProductQuotes(groupError).map((q) => q.FacilityType)).toEqual(['HP'])
  })

  it('skips a product quote flagged with errors even if it has figures', () => {
    const response = exampleResponse()
    const hp = response.QuoteResults?.[0]?.Results?.[0]?.ProductGroups?.[0]?.ProductQuotes?.[0] as Mutable<IvendiProductQuote> | undefined
    if (!hp) throw new Error('fixture')
    hp.hasErrors = true
    expect(usableProductQuotes(response).map((q) => q.FacilityType)).toEqual(['PCP'])
  })

  it('sorts across groups and results by regular payment', () => {
    const response = exampleResponse()
    const result = response.QuoteResults?.[0]?.Results?.[0]
    const pcpQuote = result?.ProductGroups?.[1]?.ProductQuotes?.[0]
    if (!result || !pcpQuote?.Figures) throw new Error('fixture')
    const cheaper = { ...pcpQuote, ProductName: 'Cheaper', Figures: { ...pcpQuote.Figures, RegularPayment: 99.5 } }
    response.QuoteResults?.push({ ...structuredClone(response.QuoteResults[0]!), Results: [{ ...result, ProductGroups: [{ ...result.ProductGroups![1]!, ProductQuotes: [cheaper] }] }] })
    expect(usableProductQuotes(response).map((q) => q.Figures.RegularPayment)).toEqual([99.5, 126.29, 136.92])
  })
})

describe('quoteFigures', () => {
  const groups = ivendiExampleResponse.QuoteResults![0]!.Results![0]!.ProductGroups!
  const hp = groups[0]!.ProductQuotes![0]!
  const pcp = groups[1]!.ProductQuotes![0]!

  // The domain's representative example is checked on these same figures in src/domain/finance/representative-example.test.ts.
  it('maps iVendi’s HP and PCP Figures field for field, in pounds', () => {
    expect(quoteFigures(hp.Figures!)).toEqual(ivendiExampleQuoteFigures.hp)
    expect(quoteFigures(pcp.Figures!)).toEqual(ivendiExampleQuoteFigures.pcp)
  })

  it('gives the representative example of iVendi’s own figures without losing a penny', () => {
    expect(representativeExample('HP', quoteFigures(hp.Figures!))).toMatchObject({ cashPricePence: 700000, creditPence: 600000, numberOfMonthlyPayments: 54, regularPaymentPence: 13692, totalPayablePence: 839368, annualDistance: null })
    expect(representativeExample('PCP', quoteFigures(pcp.Figures!))).toMatchObject({ termMonths: 37, numberOfMonthlyPayments: 36, regularPaymentPence: 12629, finalPaymentPence: 275100, totalPayablePence: 829744, annualDistance: 10000 })
  })

  it('leaves the example out for figures it cannot describe', () => {
    expect(representativeExample('LP', quoteFigures(hp.Figures!))).toBeNull()
    expect(representativeExample('HP', quoteFigures({ ...hp.Figures!, PaymentSchedules: [] }))).toBeNull()
    expect(representativeExample('HP', quoteFigures({ ...hp.Figures!, Advance: -1 }))).toBeNull()
  })
})
