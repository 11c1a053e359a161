// Money is an integer number of pence everywhere; this is the one place it becomes text.
import { numberText } from '../lib/text/number-text'

export type Pence = number

/** True when the value is a whole, finite number of pence (negative allowed for discounts). */
export function isPence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

/**
 * en-GB GBP with 0 to 2 decimals (spec §9): whole pounds show no decimals (£6,499),
 * anything else shows two (£12.50), never one.
 */
export function formatPence(pence: Pence): string {
  if (!isPence(pence)) throw new TypeError(`formatPence expects integer pence, got ${String(pence)}`)
  // Written by hand, not by Intl.NumberFormat, as en-GB writes GBP ("-£1,234.50"): see number-text.ts for why.
  const abs = Math.abs(pence)
  const pounds = numberText(Math.floor(abs / 100))
  const rest = abs % 100
  return `${pence < 0 ? '-' : ''}£${pounds}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`
}

/** Pounds (as a number, e.g. 136.92) to pence, rounding half away from zero at the penny. */
export function poundsToPence(pounds: number): Pence {
  if (!Number.isFinite(pounds)) throw new TypeError(`poundsToPence expects a finite number, got ${String(pounds)}`)
  const sign = pounds < 0 ? -1 : 1
  return sign * Math.round(Math.abs(pounds) * 100 + 1e-9)
}

/** Pence to pounds as a number with two decimals, for wire formats that speak pounds (iVendi). */
export function penceToPounds(pence: Pence): number {
  return Math.round(pence) / 100
}

/**
 * Pence as a plain decimal amount of pounds with exactly two decimals and no symbol or separators ("1234.56",
 * "0.05", "-12.00"), for machine formats that quote a currency beside the number (Google's "1234.56 GBP").
 * Exact: worked out in whole pence, never through a floating-point division.
 */
export function decimalPounds(pence: Pence): string {
  if (!isPence(pence)) throw new TypeError(`decimalPounds expects integer pence, got ${String(pence)}`)
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(pence)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * The VAT contained in a VAT-inclusive amount at a whole-percent rate: gross × rate / (100 + rate), rounded half up
 * to the penny (half away from zero for a negative amount, so a refund mirrors its sale), in integer arithmetic so
 * no floating-point error can move a half penny (ADR 044).
 */
export function vatIncluded(grossPence: Pence, ratePercent: number): Pence {
  if (ratePercent <= 0 || grossPence === 0) return 0
  const divisor = 100 + ratePercent
  const vat = Math.floor((2 * Math.abs(grossPence) * ratePercent + divisor) / (2 * divisor))
  return grossPence < 0 ? -vat : vat
}
