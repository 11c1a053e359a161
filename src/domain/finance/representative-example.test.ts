// The representative example reads a lender's figures (iVendi's published HP and PCP example, in pounds) into pence without losing a penny.
import { describe, expect, it } from 'vitest'
import { ivendiExampleQuoteFigures } from '../../../tests/fixtures/ivendi-reference-examples'
import { representativeExample } from './representative-example'

const { hp, pcp } = ivendiExampleQuoteFigures

describe('representativeExample', () => {
  it('reads the HP example', () => {
    expect(representativeExample('HP', hp)).toEqual({
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
    expect(representativeExample('PCP', pcp)).toMatchObject({ termMonths: 37, numberOfMonthlyPayments: 36, regularPaymentPence: 12629, finalPaymentPence: 275100, totalPayablePence: 829744, annualDistance: 10000 })
  })

  it('refuses what it cannot describe', () => {
    expect(representativeExample('LP', hp)).toBeNull()
    expect(representativeExample('HP', { ...hp, paymentCount: 0 })).toBeNull()
    expect(representativeExample('HP', { ...hp, creditPounds: -1 })).toBeNull()
    expect(representativeExample('PCP', { ...pcp, paymentCount: 1 })).toBeNull()
  })
})
