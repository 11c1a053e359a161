// What the storefront's quote call answers (see features/finance/finance-client.ts), as the browser reads it.
import type { OfferedQuote } from './finance-client'
import { getQuotes, type GetQuotesRequest, type QuotesAnswer } from './api/get-quotes'

export type { OfferedQuote, QuotesAnswer }

/** A chosen quote as the finance state keeps it: QuoteUID for the order, the rest carried through. */
export type StoredQuote = OfferedQuote & { readonly QuoteUID: string }

export function toStoredQuote(quote: OfferedQuote): StoredQuote {
  return { ...quote, QuoteUID: quote.quoteUid }
}

/** The stored quote back, or null when storage held something else. */
export function asOfferedQuote(value: unknown): StoredQuote | null {
  if (!value || typeof value !== 'object') return null
  const q = value as Partial<StoredQuote>
  if (typeof q.QuoteUID !== 'string' || typeof q.quoteUid !== 'string' || !q.example || typeof q.example !== 'object') return null
  if (q.facilityType !== 'HP' && q.facilityType !== 'PCP') return null
  return q as StoredQuote
}

/**
 * A failure worth asking again about unchanged: the connection, the quote service or the rate limit. Anything else is
 * an answer about the request itself, which the same request would only get again.
 */
export function isTransientFailure(status: number): boolean {
  return status === 0 || status === 429 || status >= 500
}

/** A refusal of the reservation itself (link not valid or expired, no longer active, another bike), not of the quote. */
export function isReservationRefusal(status: number): boolean {
  return status === 403 || status === 409 || status === 422
}

export async function fetchQuotes(body: GetQuotesRequest, signal?: AbortSignal): Promise<{ ok: true; answer: QuotesAnswer } | { ok: false; message: string; status: number }> {
  try {
    const answer = await getQuotes(body, signal)
    if (answer.ok && 'quotes' in answer.body) return { ok: true, answer: answer.body }
    return { ok: false, status: answer.status, message: (!answer.ok && answer.body?.message) || 'We could not get a quote just now.' }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    return { ok: false, status: 0, message: 'We could not reach our finance service. Please check your connection and try again.' }
  }
}
