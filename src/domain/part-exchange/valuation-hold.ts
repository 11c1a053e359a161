// How long the shop holds a part-exchange valuation it gave online, and what an inspection adjustment needs. The
// figure is a guide subject to inspection; after the hold a quote, an application or a reservation may not use it and
// the customer values the bike again.
import { ukLongDate } from '../../lib/text/uk-date'

/** The shop holds a valuation's figure for this many days from the moment it was given. */
export const VALUATION_HOLD_DAYS = 14

const DAY_MS = 86_400_000

/** When a valuation given at `madeAt` stops being usable. */
export function valuationExpiresAt(madeAt: Date): Date {
  return new Date(madeAt.getTime() + VALUATION_HOLD_DAYS * DAY_MS)
}

/** True once the hold is over (at the expiry instant itself, too). A date that cannot be read counts as expired. */
export function valuationExpired(expiresAt: Date | string, now: Date): boolean {
  const at = new Date(expiresAt).getTime()
  return !Number.isFinite(at) || at <= now.getTime()
}

/** The day a valuation is held until (or expired on), as a person in the UK reads it: "14 December 2026". */
export function valuationDay(expiresAt: Date | string): string {
  return ukLongDate(expiresAt)
}

/**
 * Staff confirming a figure at inspection that differs from the one quoted must say why; the same figure, or none yet,
 * needs no reason. Returns the sentence to show, or null when the inspection may be saved.
 */
export function inspectionReasonProblem(quotedPence: number | null | undefined, confirmedPence: number | null | undefined, reason: string | null | undefined): string | null {
  if (confirmedPence === null || confirmedPence === undefined || quotedPence === null || quotedPence === undefined) return null
  if (confirmedPence === quotedPence) return null
  return (reason ?? '').trim() === '' ? 'Give the reason the confirmed value differs from the value quoted.' : null
}

/**
 * The browser's storage key for the valuation the customer was given (its figures for display and its id): the
 * value-my-bike page and the finance steps write it, and the finance quote and the reservation form read it.
 */
export const KEPT_VALUATION_KEY = 'wheelhouse.finance.partExchange'

/** The id of the valuation kept under KEPT_VALUATION_KEY while its hold lasts; null when none, unreadable or expired. */
export function heldValuationIdIn(raw: string | null, now: Date): string | null {
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as { valuation?: { valuationId?: unknown; expiresAt?: unknown } } | null
    const id = parsed?.valuation?.valuationId
    const expiresAt = parsed?.valuation?.expiresAt
    if (typeof id !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(id) || typeof expiresAt !== 'string' || valuationExpired(expiresAt, now)) return null
    return id
  } catch {
    return null
  }
}
