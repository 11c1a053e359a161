// Checks the quote client's rules of spec §5 and §9 and the iVendi request against the published example.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { IvendiErrorFlags, IvendiProductQuote, IvendiQuoteResponse } from './ivendi-types'
import { ivendiExampleRequest, ivendiExampleResponse } from '../../../tests/fixtures/ivendi-reference-examples'
import {
  assetIdentity,
  buildIvendiQuoteRequest,
  defaultDepositPence,
  financePricePence,
  financeWidgetTerms,
  ivendiDate,
  NEW_BIKE_IDENTITY_ERROR,
  normaliseVrm,
  padCapCode,
  parsePriceText,
  quoteeUidForBrand,
  usableProductQuotes,
  USED_BIKE_IDENTITY_ERROR,
  withQuoteDefaults,
  type IvendiClientConfig,
  type IvendiQuoteInput,
  type ProductPromotion,
} from './quote-client-rules'

describe('bike identity (spec §5)', () => {
  it('fails a used bike with neither VRM nor capCode with the exact message', () => {
    expect(assetIdentity({ used: true, vrm: null, capCode: null })).toEqual({ ok: false, error: 'neither vrm nor capCode can be null' })
    expect(assetIdentity({ used: true, vrm: '   ', capCode: '' })).toEqual({ ok: false, error: USED_BIKE_IDENTITY_ERROR })
  })

  it('fails a new bike without a capCode with the exact message', () => {
    expect(assetIdentity({ used: false })).toEqual({ ok: false, error: 'capCode cannot be null' })
    expect(assetIdentity({ used: false, vrm: 'CX17HHA', capCode: null })).toEqual({ ok: false, error: NEW_BIKE_IDENTITY_ERROR })
  })

  it('identifies a used bike by VRM first, then by CAP code', () => {
    expect(assetIdentity({ used: true, vrm: 'CX17 HHA', capCode: 'HOCB50  5CC' })).toEqual({ ok: true, identityType: 'VRM', identity: 'CX17HHA' })
    expect(assetIdentity({ used: true, vrm: null, capCode: 'HOCB500' })).toEqual({ ok: true, identityType: 'RVC', identity: 'HOCB500'.padEnd(20) })
  })

  it('identifies a new bike by CAP code', () => {
    expect(assetIdentity({ used: false, vrm: 'CX17HHA', capCode: 'KTDU390' })).toEqual({ ok: true, identityType: 'RVC', identity: 'KTDU390             ' })
  })

  it('strips every space from a VRM', () => {
    expect(normaliseVrm(' CX17 HHA ')).toBe('CX17HHA')
    expect(normaliseVrm('C X1 7\tHHA')).toBe('CX17HHA')
    expect(normaliseVrm('')).toBeNull()
    expect(normaliseVrm(undefined)).toBeNull()
  })

  it('pads a CAP code with trailing spaces to 20 characters', () => {
    expect(padCapCode('KTDU390')).toBe('KTDU390             ')
    expect(padCapCode(' KTDU390 ')).toHaveLength(20)
    expect(padCapCode('ABCDEFGHIJKLMNOPQRSTUV')).toBe('ABCDEFGHIJKLMNOPQRSTUV')
    expect(padCapCode(null)).toBeNull()
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9][A-Z0-9 ]{0,18}[A-Z0-9]$/), (code) => {
        const padded = padCapCode(code)
        expect(padded).toHaveLength(20)
        expect(padded?.trimEnd()).toBe(code.trimEnd())
      }),
    )
  })
})

describe('prices (spec §5, §9)', () => {
  it('reads price text without currency symbols, commas or spaces', () => {
    expect(parsePriceText('£6,499.00')).toBe(649900)
    expect(parsePriceText('£ 12,345.6')).toBe(1234560)
    expect(parsePriceText('&pound;6,499')).toBe(649900)
    expect(parsePriceText('&#163;899.99')).toBe(89999)
    expect(parsePriceText('6 499')).toBe(649900)
    expect(parsePriceText('£0.10')).toBe(10)
  })

  it('gives null for text that is not one amount', () => {
    expect(parsePriceText('')).toBeNull()
    expect(parsePriceText(null)).toBeNull()
    expect(parsePriceText('£1,000.00 - £1,200.00')).toBeNull()
    expect(parsePriceText('POA')).toBeNull()
    expect(parsePriceText('£1.999')).toBeNull()
  })

  it('reads back any amount formatted as the shop shows it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (pence) => {
        const text = `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
        expect(parsePriceText(text)).toBe(pence)
      }),
    )
  })

  it('adds the extra fee to the product price', () => {
    expect(financePricePence(649900, 25000)).toBe(674900)
    expect(financePricePence(649900, null)).toBe(649900)
    expect(financePricePence(649900)).toBe(649900)
  })
})

describe('finance widget terms (spec §9)', () => {
  it('deposits 10% of the price rounded up to the next £100', () => {
    expect(defaultDepositPence(649900)).toBe(70000)
    expect(defaultDepositPence(700000)).toBe(70000)
    expect(defaultDepositPence(700100)).toBe(80000)
    expect(defaultDepositPence(99)).toBe(10000)
    expect(defaultDepositPence(0)).toBe(0)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (price) => {
        const deposit = defaultDepositPence(price)
        expect(deposit % 10000).toBe(0)
        expect(deposit * 10).toBeGreaterThanOrEqual(price)
        expect((deposit - 10000) * 10).toBeLessThan(price)
      }),
    )
  })

  it('starts at 36 months, 3000 miles a year and the default deposit', () => {
    expect(financeWidgetTerms(649900)).toEqual({ termMonths: 36, annualDistance: 3000, depositPence: 70000 })
  })

  const offer = (adjustment: NonNullable<ProductPromotion['financeOptionsAdjustment']>, offerType = 'Finance Offer'): ProductPromotion => ({
    offerType,
    financeOptionsAdjustment: adjustment,
  })

  it('lets a Finance Offer override term and mileage above 0, and the deposit from 0', () => {
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 48, annualDistance: 4000, cashDepositPence: 0 })])).toEqual({
      termMonths: 48,
      annualDistance: 4000,
      depositPence: 0,
    })
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 0, annualDistance: 0, cashDepositPence: -1 })])).toEqual({
      termMonths: 36,
      annualDistance: 3000,
      depositPence: 70000,
    })
    expect(financeWidgetTerms(649900, [offer({ termInMonths: null, annualDistance: null, cashDepositPence: null })])).toEqual({
      termMonths: 36,
      annualDistance: 3000,
      depositPence: 70000,
    })
  })

  it('ignores promotions of other types and takes the first Finance Offer', () => {
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 48 }, 'Free Gift')]).termMonths).toBe(36)
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 0 }, 'Free Gift'), offer({ termInMonths: 24 }), offer({ termInMonths: 60 })]).termMonths).toBe(24)
    expect(financeWidgetTerms(649900, [{ offerType: 'Finance Offer', financeOptionsAdjustment: null }]).termMonths).toBe(36)
  })

  it('fills a quote call’s missing terms with 24 months, 10000 miles and no deposit, keeping zeros', () => {
    expect(withQuoteDefaults({})).toEqual({ termMonths: 24, annualDistance: 10000, depositPence: 0 })
    expect(withQuoteDefaults({ termMonths: 48, annualDistance: null, depositPence: 50000 })).toEqual({ termMonths: 48, annualDistance: 10000, depositPence: 50000 })
    expect(withQuoteDefaults({ depositPence: 0, annualDistance: 0 })).toEqual({ termMonths: 24, annualDistance: 0, depositPence: 0 })
  })
})

const config: IvendiClientConfig = {
  username: 'www.ivendimotors.com',
  quoteeUid: '268E8202-338E-4B26-A6FE-74BCDAB0A357',
  cfMotoQuoteeUid: 'CF-MOTO-QUOTEE',
}

const exampleInput: IvendiQuoteInput = {
  brandSlug: 'honda',
  cashPricePence: 700000,
  depositPence: 100000,
  termMonths: 54,
  annualDistance: 10000,
  used: true,
  vrm: 'CX17 HHA',
  registrationDate: '2017-06-04',
  currentOdometerReading: 1300,
  stockIdentity: '39736298',
  imageUrl: 'https://sampleimageforthecaronsale.png ',
  contact: { ipAddress: '188.29.164.138', postcode: 'BL40PJ' },
}

/** Every key path of a JSON value, so two documents can be compared by layout alone. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [`${prefix}.${key}`, ...keyPaths(inner, `${prefix}.${key}`)])
  }
  return []
}

function built(input: IvendiQuoteInput) {
  const result = buildIvendiQuoteRequest(input, config)
  if (!result.ok) throw new Error(result.error)
  return result.request
}

describe('buildIvendiQuoteRequest', () => {
  it('lays the request out exactly as iVendi’s example, key for key', () => {
    expect(keyPaths(built(exampleInput)).sort()).toEqual(keyPaths(ivendiExampleRequest).sort())
  })

  it('matches the example’s values apart from our bike class and condition and the unused enrichment', () => {
    const request = built(exampleInput)
    const ours = request.QuoteRequests[0]?.Requests[0]
    const theirs = ivendiExampleRequest.QuoteRequests[0]?.Requests[0]
    expect(request.Credentials).toEqual(ivendiExampleRequest.Credentials)
    expect(request.QuoteRequests[0]?.QuoteeUID).toBe(ivendiExampleRequest.QuoteRequests[0]?.QuoteeUID)
    expect(request.QuoteRequests[0]?.GlobalRequestParameters).toEqual(ivendiExampleRequest.QuoteRequests[0]?.GlobalRequestParameters)
    expect(ours?.Figures).toEqual(theirs?.Figures)
    expect(ours?.Asset).toEqual({ ...theirs?.Asset, Class: 'Motorbike', Condition: 'Used' })
    expect(request.HtmlOptions).toEqual(ivendiExampleRequest.HtmlOptions)
  })

  it('uses the CF Moto quotee for the cf-moto brand only', () => {
    expect(built({ ...exampleInput, brandSlug: 'cf-moto' }).QuoteRequests[0]?.QuoteeUID).toBe('CF-MOTO-QUOTEE')
    expect(quoteeUidForBrand('cf-moto', config)).toBe('CF-MOTO-QUOTEE')
    expect(quoteeUidForBrand('honda', config)).toBe(config.quoteeUid)
    expect(quoteeUidForBrand(null, config)).toBe(config.quoteeUid)
  })

  it('identifies a new bike by RVC with its padded CAP code', () => {
    const asset = built({ ...exampleInput, used: false, vrm: null, capCode: 'KTDU390', registrationDate: null }).QuoteRequests[0]?.Requests[0]?.Asset
    expect(asset).toMatchObject({ Condition: 'New', Identity: 'KTDU390'.padEnd(20), IdentityType: 'RVC', RegistrationMark: 'NEW', RegistrationDate: null, Class: 'Motorbike' })
  })

  it('sends a new bike with the quote’s date as its registration date, as iVendi’s New Vehicle page asks', () => {
    const asset = built({ ...exampleInput, used: false, vrm: null, capCode: 'KTDU390', registrationDate: null, quoteDate: new Date('2026-11-22T10:00:00Z') }).QuoteRequests[0]?.Requests[0]?.Asset
    expect(asset?.RegistrationDate).toBe('22/11/2026')
  })

  it('fails with the spec’s messages when the bike cannot be identified', () => {
    expect(buildIvendiQuoteRequest({ ...exampleInput, vrm: null }, config)).toEqual({ ok: false, error: 'neither vrm nor capCode can be null' })
    expect(buildIvendiQuoteRequest({ ...exampleInput, used: false }, config)).toEqual({ ok: false, error: 'capCode cannot be null' })
  })

  it('defaults a quote call to 24 months, 10000 miles and no deposit', () => {
    const request = built({ ...exampleInput, termMonths: undefined, annualDistance: undefined, depositPence: undefined })
    expect(request.QuoteRequests[0]?.GlobalRequestParameters.Term).toBe(24)
    expect(request.QuoteRequests[0]?.Requests[0]?.Figures.Asset.AnnualDistance).toBe(10000)
    expect(request.QuoteRequests[0]?.Requests[0]?.Figures.CashDeposit).toBe(0)
  })

  it('sends accessories as value-added products in pounds', () => {
    const figures = built({
      ...exampleInput,
      cashPricePence: 649999,
      valueAddedProducts: [{ description: 'Heated grips', grossPricePence: 12999 }],
    }).QuoteRequests[0]?.Requests[0]?.Figures
    expect(figures?.CashPrice).toBe(6499.99)
    expect(figures?.Asset.ValueAddedProducts).toEqual([{ GrossPrice: 129.99, TypeCode: 13, Description: 'Heated grips', TaxCode: 1 }])
  })

  it('writes registration dates as dd/MM/yyyy', () => {
    expect(ivendiDate('2017-06-04')).toBe('04/06/2017')
    expect(ivendiDate('04/06/2017')).toBe('04/06/2017')
    // Midnight in London during summer time is 23:00 the day before in UTC.
    expect(ivendiDate('2017-06-03T23:00:00.000Z')).toBe('04/06/2017')
    expect(ivendiDate('soon')).toBeNull()
  })
})

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
