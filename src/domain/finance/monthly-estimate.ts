// The "from £x to £y a month" finance estimate shown before a real quote is fetched (spec §9).
import type { Pence } from '../money'
import { defaultDepositPence, FINANCE_WIDGET_DEFAULTS } from './quote-client-rules'

/** Whole pounds: the estimate is deliberately coarse and is shown without pence. */
export type WholePounds = number

export interface MonthlyEstimate {
  readonly lowerPounds: WholePounds
  readonly upperPounds: WholePounds
}

/**
 * Spec §9: lower = floor(103 × amount / n / 100), upper = ceil(115 × amount / n / 100), in pounds.
 *
 * amount is the finance price (product price + extra fee) less the default deposit (10% rounded up to the
 * next £100), in pounds: the sum the customer would borrow on the widget's opening terms, so the estimate
 * describes the quote they get if they change nothing. n is the default term, 36 months, for the same reason.
 * amount / n is that loan at 0%; the factors 1.03 and 1.15 spread it across the interest our lenders charge, and
 * floor/ceil keep the real payment inside the range rather than a pound outside it.
 *
 * Worked in pence so the floor and ceiling are exact: 103 × amountPence / n / 100 / 100 is the same number.
 * Returns null when the deposit covers the price and there is nothing to borrow.
 */
export function monthlyPaymentEstimate(
  financePricePence: Pence,
  terms: { readonly depositPence?: Pence; readonly termMonths?: number } = {},
): MonthlyEstimate | null {
  const n = terms.termMonths ?? FINANCE_WIDGET_DEFAULTS.termMonths
  const amountPence = financePricePence - (terms.depositPence ?? defaultDepositPence(financePricePence))
  if (amountPence <= 0 || !Number.isInteger(n) || n <= 0) return null
  const divisor = n * 100 * 100
  return {
    lowerPounds: floorDiv(103 * amountPence, divisor),
    upperPounds: ceilDiv(115 * amountPence, divisor),
  }
}

/** Integer division without trusting a float quotient near a whole number; both arguments positive. */
function floorDiv(numerator: number, divisor: number): number {
  return (numerator - (numerator % divisor)) / divisor
}

function ceilDiv(numerator: number, divisor: number): number {
  return floorDiv(numerator, divisor) + (numerator % divisor === 0 ? 0 : 1)
}
