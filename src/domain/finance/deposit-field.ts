// What the finance steps' deposit field says about what a customer typed, in pounds: the deposit to quote on, or the
// one thing wrong with it. Each problem gets its own sentence, so a negative figure is never answered with a
// sentence about a reservation deposit the customer has not paid.
import { formatPence, type Pence } from '../money'

export interface DepositLimits {
  /** The reservation deposit already paid, which the deposit includes (0 without a reservation). */
  readonly minDepositPence: Pence
  /** The price finance is quoted on; the deposit must be less than it. */
  readonly financePricePence: Pence
}

export type DepositField =
  | { readonly ok: true; readonly depositPence: Pence; readonly hint: string }
  | { readonly ok: false; readonly problem: 'empty' | 'not-a-number' | 'negative' | 'below-reservation' | 'too-high'; readonly message: string }

export function depositField(text: string, limits: DepositLimits): DepositField {
  const { minDepositPence, financePricePence } = limits
  const trimmed = text.trim()
  const pounds = Number(trimmed)
  // Empty, not a number or the whole price or more: one sentence says what the field takes.
  const takes =
    minDepositPence > 0
      ? `Enter a deposit of at least ${formatPence(minDepositPence)} and less than the ${formatPence(financePricePence)} we finance.`
      : `Enter a deposit in pounds, less than the ${formatPence(financePricePence)} we finance (it can be £0).`
  if (trimmed === '') return { ok: false, problem: 'empty', message: takes }
  if (!Number.isFinite(pounds)) return { ok: false, problem: 'not-a-number', message: takes }
  if (pounds < 0) return { ok: false, problem: 'negative', message: 'Deposit cannot be negative. Enter £0 or more.' }
  const pence = Math.round(pounds * 100)
  if (pence < minDepositPence) {
    return { ok: false, problem: 'below-reservation', message: `Your deposit includes the ${formatPence(minDepositPence)} reservation deposit you have already paid, so it cannot be less than ${formatPence(minDepositPence)}.` }
  }
  if (pence >= financePricePence) return { ok: false, problem: 'too-high', message: takes }
  const hint = minDepositPence > 0 ? `Includes the ${formatPence(minDepositPence)} reservation deposit you have already paid.` : 'Lenders may ask for a minimum deposit.'
  return { ok: true, depositPence: pence, hint }
}
