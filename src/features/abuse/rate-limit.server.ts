// Per-address rate limits on the endpoints that hold stock, workshop capacity, cost a lender call, hash a password or
// send an email: checkout, finance applications and quotes, reservations, bookings, registration, password resets.
// A customer's normal use (and a retry) never comes near them; a script does. An address is counted by networkKey: an
// IPv6 /64 is one subject, however many addresses its owner rotates through. What writes to an email address is also
// counted per target address, so many networks together cannot flood one stranger's inbox. Every count lives in the
// process's one shared store (lib/shared-rate-store.ts), so a route and its form twin always share it.
import 'server-only'
import { clientAddress } from '../../cms/auth/client-address'
import { refuse } from '../../lib/http/respond'
import { networkKey } from '../../lib/network-key'
import type { RateDecision, RateRule } from '../../lib/rate-limit'
import { ACCOUNT_RATE_RULES, limitsDecision, rateLimitedMessage } from '../../cms/auth/request-limits'
import { countShared, rateLimitsOn } from '../../lib/shared-rate-store'

export const RATE_RULES = {
  checkout: { name: 'checkout', limit: 30, windowMs: 10 * 60_000 },
  financeApplication: { name: 'finance-application', limit: 10, windowMs: 60 * 60_000 },
  financeQuote: { name: 'finance-quote', limit: 120, windowMs: 10 * 60_000 },
  // Each valuation may cost a provider call and stores a row.
  partExchangeValuation: { name: 'part-exchange-valuation', limit: 20, windowMs: 60 * 60_000 },
  // Each registration lookup is two calls to government services on the dealer's keys.
  vehicleLookup: { name: 'vehicle-lookup', limit: 120, windowMs: 10 * 60_000 },
  reservation: { name: 'reservation', limit: 10, windowMs: 60 * 60_000 },
  // Its own bucket: a customer's cancel link must work after their network has used up the reservation one.
  reservationCancel: { name: 'reservation-cancel', limit: 30, windowMs: 60 * 60_000 },
  booking: { name: 'booking', limit: 30, windowMs: 60 * 60_000 },
  // Its own bucket, as for reservations: a signed manage link (cancel, reschedule, approve) must still work after the
  // customer's network has made its 30 bookings.
  bookingManage: { name: 'booking-manage', limit: 120, windowMs: 60 * 60_000 },
  // Each download draws a PDF (an invoice or credit note): CPU, so counted per network.
  documentPdf: { name: 'document-pdf', limit: 60, windowMs: 10 * 60_000 },
  // A cancellation sends an email and, for a guest, tries an order number with an email address as the lookup does.
  returns: { name: 'returns', limit: 30, windowMs: 60 * 60_000 },
  // "Ask about this bike" opens a deal the sales team acts on: per network, and per address asked for.
  dealEnquiry: { name: 'deal-enquiry', limit: 10, windowMs: 60 * 60_000 },
  dealEnquiryEmail: { name: 'deal-enquiry-email', limit: 5, windowMs: 60 * 60_000 },
  // Its own bucket: a customer's signed deal link keeps working after their network has used up the enquiry one.
  dealManage: { name: 'deal-manage', limit: 120, windowMs: 60 * 60_000 },
  // Registration (an argon2id hash each), password resets and email changes (an email each), counted by the users
  // collection's own hooks too.
  ...ACCOUNT_RATE_RULES,
} as const satisfies Record<string, RateRule>

type HeaderSource = { get(name: string): string | null }

/** The network the request came from, as every per-address limit and hold cap counts it. */
export function requestNetwork(headers: HeaderSource): string {
  return networkKey(clientAddress(headers))
}

/**
 * The network a hold is counted against (ADR 022), or null for no cap: when limits are off (load tests) and
 * when the server recorded no address (a request that did not come through server.mjs), since every such
 * request would otherwise share one network's few holds.
 */
export function holdNetwork(headers: HeaderSource): string | null {
  if (!rateLimitsOn()) return null
  const address = clientAddress(headers)
  return address === 'unknown' ? null : networkKey(address)
}

/** Counts one request from these headers' client (by network) against `rule`. RATE_LIMITS=off turns limits off (load tests only). */
export function rateDecision(headers: HeaderSource, rule: RateRule): Promise<RateDecision> {
  return countShared(rule, requestNetwork(headers))
}

export { limitsDecision, rateLimitedMessage }

/** Null when the request may go on; otherwise the 429 answer to send. */
export async function limitRequest(request: Request, rule: RateRule): Promise<Response | null> {
  const decision = await rateDecision(request.headers, rule)
  if (decision.ok) return null
  return refuse(429, 'rate_limited', rateLimitedMessage(decision.retryAfterSeconds), {}, { 'retry-after': String(decision.retryAfterSeconds) })
}

/** As limitRequest, and then per address the request writes to (an email it sends): the form actions' rule, for a JSON route. */
export async function limitRequestAndTargets(request: Request, rule: RateRule, targets: readonly { readonly rule: RateRule; readonly target: string }[]): Promise<Response | null> {
  const decision = await limitsDecision(request.headers, { network: rule, targets })
  if (decision.ok) return null
  return refuse(429, 'rate_limited', rateLimitedMessage(decision.retryAfterSeconds), {}, { 'retry-after': String(decision.retryAfterSeconds) })
}
