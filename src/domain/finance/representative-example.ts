// The representative example FCA CONC 3.5.5R asks for, taken from a quote's iVendi Figures (pounds) into pence.
import { poundsToPence, type Pence } from '../money'
import type { IvendiFigures } from './ivendi-types'

export interface RepresentativeExample {
  readonly facilityType: 'HP' | 'PCP'
  readonly cashPricePence: Pence
  readonly depositPence: Pence
  /** Total amount of credit: what is borrowed. */
  readonly creditPence: Pence
  /** Duration of the agreement in months. */
  readonly termMonths: number
  readonly numberOfMonthlyPayments: number
  readonly regularPaymentPence: Pence
  /** PCP: the optional final payment (balloon + option fee); HP: the last monthly payment. */
  readonly finalPaymentPence: Pence
  readonly totalPayablePence: Pence
  readonly totalChargeForCreditPence: Pence
  /** The fixed rate of interest per year (flat), as UK motor finance states it. */
  readonly fixedRatePercent: number
  readonly aprPercent: number
  readonly acceptanceFeePence: Pence
  readonly optionToPurchaseFeePence: Pence
  readonly annualDistance: number | null
}

/** Null when the figures are not a quote we can describe (missing or negative sums). */
export function representativeExample(facilityType: string, figures: IvendiFigures): RepresentativeExample | null {
  if (facilityType !== 'HP' && facilityType !== 'PCP') return null
  const monthlyPayments = (figures.PaymentSchedules ?? []).reduce((sum, run) => sum + run.Number, 0) - (facilityType === 'PCP' ? 1 : 0)
  const example: RepresentativeExample = {
    facilityType,
    cashPricePence: poundsToPence(figures.TotalCashPrice),
    depositPence: poundsToPence(figures.TotalDeposit),
    creditPence: poundsToPence(figures.Advance),
    termMonths: figures.Term,
    numberOfMonthlyPayments: monthlyPayments,
    regularPaymentPence: poundsToPence(figures.RegularPayment),
    finalPaymentPence: poundsToPence(figures.FinalPayment),
    totalPayablePence: poundsToPence(figures.TotalPayable),
    totalChargeForCreditPence: poundsToPence(figures.TotalCharges),
    fixedRatePercent: figures.FlatRate,
    aprPercent: figures.APR,
    acceptanceFeePence: poundsToPence(figures.AcceptanceFee),
    optionToPurchaseFeePence: poundsToPence(figures.OptionToPurchaseFee),
    annualDistance: facilityType === 'PCP' ? (figures.Asset?.AnnualDistanceQuoted ?? null) : null,
  }
  const sums = [example.cashPricePence, example.depositPence, example.creditPence, example.regularPaymentPence, example.totalPayablePence]
  if (sums.some((p) => !Number.isSafeInteger(p) || p < 0) || example.termMonths < 1 || monthlyPayments < 1) return null
  return example
}
