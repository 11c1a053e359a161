// The representative example reads iVendi's own example figures into pence without losing a penny.
import { describe, expect, it } from 'vitest'
import { ivendiExampleResponse } from '../../../tests/fixtures/ivendi-reference-examples'
import { representativeExample } from './representative-example'

const groups = ivendiExampleResponse.QuoteResults![0]!.Results![0]!.ProductGroups!
const hp = groups[0]!.ProductQuotes![0]!
const pcp = groups[1]!.ProductQuotes![0]!

describe('representativeExample', () => {
  it('reads the HP example', () => {
    expect(representativeExample('HP', hp.Figures!)).toEqual({
      facilityType: 'HP',
      cashPricePence: 700000,
      depositPence: 100000,
      creditPence: 600000,
      termMonths: 54,
      numberOfMonthlyPayments: 54,
      regularPaymentPence: 13692,
      finalPaymentPence: 13692,
      totalPayablePence: 839368,
      totalChargeForCreditPence: 139368,
      fixedRatePercent: 5.13,
      aprPercent: 9.9,
      acceptanceFeePence: 0,
      optionToPurchaseFeePence: 1000,
      annualDistance: null,
    })
  })

  it('reads the PCP example: 36 monthly payments and the optional final payment', () => {
    expect(representativeExample('PCP', pcp.Figures!)).toMatchObject({ termMonths: 37, numberOfMonthlyPayments: 36, regularPaymentPence: 12629, finalPaymentPence: 275100, totalPayablePence: 829744, annualDistance: 10000 })
  })

  it('refuses what it cannot describe', () => {
    expect(representativeExample('LP', hp.Figures!)).toBeNull()
    expect(representativeExample('HP', { ...hp.Figures!, PaymentSchedules: [] })).toBeNull()
    expect(representativeExample('HP', { ...hp.Figures!, Advance: -1 })).toBeNull()
  })
})
