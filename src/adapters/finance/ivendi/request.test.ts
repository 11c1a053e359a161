// Checks the iVendi request against the published example (spec §5, §7).
import { describe, expect, it } from 'vitest'
import { ivendiExampleRequest } from '../../../../tests/fixtures/ivendi-reference-examples'
import { buildIvendiQuoteRequest, ivendiDate, quoteeUidForBrand, type IvendiClientConfig, type IvendiQuoteInput } from './request'

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

describe('a part-exchange in the request', () => {
  it('sends the trade-in value and the finance still owed on it, in pounds', () => {
    const asset = built({ ...exampleInput, partExchangePence: 250000, outstandingSettlementPence: 75050 }).QuoteRequests[0]?.Requests[0]?.Figures.Asset
    expect(asset).toMatchObject({ PartExchange: 2500, OutstandingSettlement: 750.5 })
    expect(built(exampleInput).QuoteRequests[0]?.Requests[0]?.Figures.Asset).toMatchObject({ PartExchange: 0, OutstandingSettlement: 0 })
  })
})
