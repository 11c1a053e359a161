// The built-in provider answers iVendi's own example request with iVendi's own figures, in iVendi's response shape.
import { describe, expect, it } from 'vitest'
import { answerIvendiQuoteRequest, ivendiErrorResponse, ivendiQuoteRequestSchema, readIvendiDate, requestProblems } from './provider'
import { ivendiExampleRequest, ivendiExampleResponse } from '../../../../tests/fixtures/ivendi-reference-examples'
import { usableProductQuotes } from './response'
import type { Lender } from '../../../domain/finance/rate-table'

// A lender set up like the example's Blackhorse HP: 9.9% APR, £10 option-to-purchase fee.
const blackhorseLike: Lender = {
  name: 'Blackhorse-like',
  funderCode: 'BLA',
  products: ['HP', 'PCP'],
  aprBands: [{ product: 'HP', condition: 'any', minAgeYears: 0, maxAgeYears: 10, minTermMonths: 12, maxTermMonths: 60, aprPercent: 9.9 }],
  minTermMonths: 12,
  maxTermMonths: 60,
  minDepositPercent: 0,
  maxAgeAtEndOfTermYears: 12,
  maxOdometerMiles: 100000,
  minAdvancePence: 100000,
  maxAdvancePence: 5000000,
  acceptanceFeePence: 0,
  optionToPurchaseFeePence: 1000,
  residualValues: [],
}

let counter = 0
const context = { panel: [blackhorseLike], now: new Date('2021-03-03T11:55:49Z'), uid: () => `uid-${++counter}` }

function parse(request: unknown) {
  const parsed = ivendiQuoteRequestSchema.safeParse(request)
  if (!parsed.success) throw new Error(requestProblems(parsed.error).join('; '))
  return parsed.data
}

describe('answerIvendiQuoteRequest', () => {
  const response = answerIvendiQuoteRequest(parse(ivendiExampleRequest), context)
  const groups = response.QuoteResults?.[0]?.Results?.[0]?.ProductGroups ?? []
  const hp = groups.find((g) => g.FacilityType === 'HP')?.ProductQuotes?.[0]
  const expectedHp = ivendiExampleResponse.QuoteResults?.[0]?.Results?.[0]?.ProductGroups?.[0]?.ProductQuotes?.[0]?.Figures

  it('reproduces iVendi’s HP figures for its example request to the penny', () => {
    expect(hp?.hasErrors).toBe(false)
    expect(hp?.Figures).toMatchObject({
      RegularPayment: 136.92,
      FirstPayment: 136.92,
      FinalPayment: 136.92,
      TotalPayable: 8393.68,
      TotalCharges: 1393.68,
      InterestCharges: 1383.68,
      Advance: 6000,
      TotalCashPrice: 7000,
      TotalDeposit: 1000,
      Term: 54,
      APR: 9.9,
      FlatRate: 5.13,
      OptionToPurchaseFee: 10,
      NumberOfRegularPayments: 52,
      PaymentSchedules: [{ Amount: 136.92, Number: 54, Period: 1 }],
    })
    for (const key of ['Repossession', 'Termination', 'InterestRate', 'AER'] as const) expect(hp?.Figures?.[key]).toBe(expectedHp?.[key])
  })

  it('has every key iVendi’s response has, at every level', () => {
    const keys = (value: unknown): string[] => (value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).sort() : [])
    const theirs = ivendiExampleResponse.QuoteResults![0]!
    const ours = response.QuoteResults![0]!
    expect(keys(response)).toEqual(keys(ivendiExampleResponse))
    expect(keys(ours)).toEqual(keys(theirs))
    expect(keys(ours.Results![0])).toEqual(keys(theirs.Results![0]))
    expect(keys(ours.Results![0]!.Asset)).toEqual(keys(theirs.Results![0]!.Asset))
    expect(keys(groups[0])).toEqual(keys(theirs.Results![0]!.ProductGroups![0]))
    expect(keys(hp)).toEqual(keys(theirs.Results![0]!.ProductGroups![0]!.ProductQuotes![0]))
    expect(keys(hp?.Figures)).toEqual(keys(expectedHp))
    expect(keys(hp?.Figures?.Asset)).toEqual(keys(expectedHp?.Asset))
  })

  it('answers a product the lender cannot offer with errors and no figures, which the client skips', () => {
    const pcp = groups.find((g) => g.FacilityType === 'PCP')?.ProductQuotes?.[0]
    expect(pcp?.Figures).toBeNull()
    expect(pcp?.hasErrors).toBe(true)
    expect(pcp?.Errors?.PublicErrors?.map((e) => e.Message)).toContain('Blackhorse-like has no PCP rate for this bike over 54 months.')
    expect(usableProductQuotes(response).map((q) => q.FacilityType)).toEqual(['HP'])
  })

  it('finances value-added products on top of the cash price and echoes them in Figures.Asset', () => {
    const base = parse(ivendiExampleRequest)
    const request = structuredClone(base)
    const vap = { GrossPrice: 150, TypeCode: 13, Description: 'Disc lock', TaxCode: 1 }
    request.QuoteRequests[0]!.Requests[0]!.Figures.Asset.ValueAddedProducts = [vap]
    const quote = answerIvendiQuoteRequest(request, context).QuoteResults?.[0]?.Results?.[0]?.ProductGroups?.[0]?.ProductQuotes?.[0]
    expect(quote?.Figures?.TotalCashPrice).toBe(7150)
    expect(quote?.Figures?.Advance).toBe(6150)
    expect(quote?.Figures?.RegularPayment).toBeGreaterThan(136.92)
    expect(quote?.Figures?.Asset.ValueAddedProducts).toEqual([vap])
  })

  it('puts the errors on the result when the bike cannot be identified', () => {
    const request = structuredClone(parse(ivendiExampleRequest))
    const asset = request.QuoteRequests[0]!.Requests[0]!.Asset
    asset.Identity = null
    asset.RegistrationMark = null
    const result = answerIvendiQuoteRequest(request, context).QuoteResults?.[0]?.Results?.[0]
    expect(result?.hasErrors).toBe(true)
    expect(result?.ProductGroups).toBeNull()
    expect(usableProductQuotes(answerIvendiQuoteRequest(request, context))).toEqual([])
  })
})

describe('request parsing', () => {
  it('refuses a request without the figures it quotes on, naming the field', () => {
    const broken = structuredClone(ivendiExampleRequest) as unknown as { QuoteRequests: { Requests: { Figures: Record<string, unknown> }[] }[] }
    broken.QuoteRequests[0]!.Requests[0]!.Figures.CashPrice = '7000'
    const parsed = ivendiQuoteRequestSchema.safeParse(broken)
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(requestProblems(parsed.error)[0]).toMatch(/^QuoteRequests\.0\.Requests\.0\.Figures\.CashPrice: /)
  })

  it('builds an iVendi-style error response', () => {
    const response = ivendiErrorResponse(['bad'], 400, () => 'u')
    expect(response).toMatchObject({ hasQuoteResults: false, QuoteResults: null, hasErrors: true, Errors: { hasPublicErrors: true, PublicErrors: [{ Message: 'bad', Number: 400 }] } })
  })

  it('reads the dates iVendi uses', () => {
    expect(readIvendiDate('04/06/2017')).toBe('2017-06-04')
    expect(readIvendiDate('/Date(1490313600000)/')).toBe('2017-03-24')
    expect(readIvendiDate('2017-06-04')).toBe('2017-06-04')
    expect(readIvendiDate('nonsense')).toBeNull()
    expect(readIvendiDate(null)).toBeNull()
  })
})

describe('a part-exchange in the request (Figures.Asset.PartExchange and OutstandingSettlement)', () => {
  function firstHp(partExchange: number, settlement: number) {
    const request = structuredClone(ivendiExampleRequest) as unknown as { QuoteRequests: { Requests: { Figures: { Asset: Record<string, unknown> } }[] }[] }
    const asset = request.QuoteRequests[0]!.Requests[0]!.Figures.Asset
    asset.PartExchange = partExchange
    asset.OutstandingSettlement = settlement
    const answer = answerIvendiQuoteRequest(parse(request), context)
    const quote = usableProductQuotes(answer).find((q) => q.FacilityType === 'HP')
    if (!quote) throw new Error('no HP quote')
    return quote.Figures
  }

  it('lowers the balance to finance by exactly PartExchange − OutstandingSettlement, and shows both', () => {
    const plain = firstHp(0, 0)
    const withPx = firstHp(2500, 500)
    expect(plain.Advance - withPx.Advance).toBe(2000)
    expect(withPx.RegularPayment).toBeLessThan(plain.RegularPayment)
    expect(withPx.Asset).toMatchObject({ PartExchange: 2500, OutstandingSettlement: 500, Equity: 2000, NegativeEquity: 0 })
    expect(withPx.TotalDeposit).toBe(3000)
  })

  it('raises it by negative equity', () => {
    const plain = firstHp(0, 0)
    const negative = firstHp(1000, 1600)
    expect(negative.Advance - plain.Advance).toBe(600)
    expect(negative.Asset).toMatchObject({ PartExchange: 1000, OutstandingSettlement: 1600, Equity: 0, NegativeEquity: 600 })
    expect(negative.TotalCashPrice).toBe(7000)
  })
})
