// The representative example FCA CONC 3.5.5R asks for, taken from a lender's quote figures (pounds) into pence.
import { poundsToPence, type Pence } from '../money'

/**
 * A lender's quote as the representative example reads it. Sums are in pounds, as lenders quote them (the
 * iVendi adapter maps its Figures to this shape); the example turns them into pence.
 */
export interface QuoteFigures {
  readonly cashPricePounds: number
  readonly depositPounds: number
  /** The advance: what is borrowed. */
  readonly creditPounds: number
  readonly termMonths: number
  /** Every payment in the schedule, a PCP's optional final payment included. */
  readonly paymentCount: number
  readonly regularPaymentPounds: number
  readonly finalPaymentPounds: number
  readonly totalPayablePounds: number
  readonly totalChargeForCreditPounds: number
  readonly flatRatePercent: number
  readonly aprPercent: number
  readonly acceptanceFeePounds: number
  readonly optionToPurchaseFeePounds: number
  /** The yearly mileage the quote allows, when the lender states one. */
  readonly annualDistanceQuoted: number | null
}

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
export function representativeExample(facilityType: string, figures: QuoteFigures): RepresentativeExample | null {
  if (facilityType !== 'HP' && facilityType !== 'PCP') return null
  const monthlyPayments = figures.paymentCount - (facilityType === 'PCP' ? 1 : 0)
  const example: RepresentativeExample = {
    facilityType,
    cashPricePence: poundsToPence(figures.cashPricePounds),
    depositPence: poundsToPence(figures.depositPounds),
    creditPence: poundsToPence(figures.creditPounds),
    termMonths: figures.termMonths,
    numberOfMonthlyPayments: monthlyPayments,
    regularPaymentPence: poundsToPence(figures.regularPaymentPounds),
    finalPaymentPence: poundsToPence(figures.finalPaymentPounds),
    totalPayablePence: poundsToPence(figures.totalPayablePounds),
    totalChargeForCreditPence: poundsToPence(figures.totalChargeForCreditPounds),
    fixedRatePercent: figures.flatRatePercent,
    aprPercent: figures.aprPercent,
    acceptanceFeePence: poundsToPence(figures.acceptanceFeePounds),
    optionToPurchaseFeePence: poundsToPence(figures.optionToPurchaseFeePounds),
    annualDistance: facilityType === 'PCP' ? figures.annualDistanceQuoted : null,
  }
  const sums = [example.cashPricePence, example.depositPence, example.creditPence, example.regularPaymentPence, example.totalPayablePence]
  if (sums.some((p) => !Number.isSafeInteger(p) || p < 0) || example.termMonths < 1 || monthlyPayments < 1) return null
  return example
}
