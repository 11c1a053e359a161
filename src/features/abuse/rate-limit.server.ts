// Per-address rate limits on the endpoints that hold stock, workshop capacity or cost a lender call:
// checkout, finance applications and quotes, reservations, bookings. A customer's normal use (and a retry) never comes near them; a script does.
// An address is counted by networkKey: an IPv6 /64 is one subject, however many addresses its owner rotates through.
import 'server-only'
import { clientAddress } from '../../cms/auth/client-address'
import { refuse } from '../../lib/http/respond'
import { networkKey } from '../../lib/network-key'
import { checkRate, memoryRateStore, type RateDecision, type RateRule, type RateStore } from '../../lib/rate-limit'

export const RATE_RULES = {
  checkout: { name: 'checkout', limit: 30, windowMs: 10 * 60_000 },
  financeApplication: { name: 'finance-application', limit: 10, windowMs: 60 * 60_000 },
  financeQuote: { name: 'finance-quote', limit: 120, windowMs: 10 * 60_000 },
  // Each valuation may cost a provider call and stores a row.
  partExchangeValuation: { name: 'part-exchange-valuation', limit: 20, windowMs: 60 * 60_000 },
  reservation: { name: 'reservation', limit: 10, windowMs: 60 * 60_000 },
  // Its own bucket: a customer's cancel link must work after their network has used up the reservation one.
  reservationCancel: { name: 'reservation-cancel', limit: 30, windowMs: 60 * 60_000 },
  booking: { name: 'booking', limit: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>

let store: Promise<RateStore> | undefined

function rateStore(): Promise<RateStore> {
  store ??= (async () => {
    if (process.env.REDIS_URL) {
      // Loaded only when REDIS_URL is set: a shop without Redis never loads ioredis.
      const { redisRateStore } = await import('./redis-rate-store.server')
      return redisRateStore(process.env.REDIS_URL)
    }
    return memoryRateStore()
  })()
  return store
}

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
  if (process.env.RATE_LIMITS === 'off') return null
  const address = clientAddress(headers)
  return address === 'unknown' ? null : networkKey(address)
}

/** Counts one request from these headers' client (by network) against `rule`. RATE_LIMITS=off turns limits off (load tests only). */
export async function rateDecision(headers: HeaderSource, rule: RateRule): Promise<RateDecision> {
  if (process.env.RATE_LIMITS === 'off') return { ok: true }
  return checkRate(await rateStore(), rule, requestNetwork(headers))
}

export const rateLimitedMessage = (retryAfterSeconds: number) => `Too many requests from your network. Please wait ${retryAfterSeconds} seconds and try again.`

/** Null when the request may go on; otherwise the 429 answer to send. */
export async function limitRequest(request: Request, rule: RateRule): Promise<Response | null> {
  const decision = await rateDecision(request.headers, rule)
  if (decision.ok) return null
  return refuse(429, 'rate_limited', rateLimitedMessage(decision.retryAfterSeconds), {}, { 'retry-after': String(decision.retryAfterSeconds) })
}
