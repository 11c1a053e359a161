// Per-address rate limits on the endpoints that hold stock, workshop capacity or cost a lender call:
// checkout, finance applications and quotes, reservations, bookings. A customer's normal use (and a retry) never comes near them; a script does.
import 'server-only'
import { clientAddress } from '../../cms/auth/client-address'
import { refuse } from '../../lib/http/respond'
import { checkRate, memoryRateStore, type RateRule, type RateStore } from '../../lib/rate-limit'

export const RATE_RULES = {
  checkout: { name: 'checkout', limit: 30, windowMs: 10 * 60_000 },
  financeApplication: { name: 'finance-application', limit: 10, windowMs: 60 * 60_000 },
  financeQuote: { name: 'finance-quote', limit: 120, windowMs: 10 * 60_000 },
  reservation: { name: 'reservation', limit: 10, windowMs: 60 * 60_000 },
  booking: { name: 'booking', limit: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>

let store: Promise<RateStore> | undefined

function rateStore(): Promise<RateStore> {
  store ??= (async () => {
    if (process.env.REDIS_URL) {
      const { redisRateStore } = await import('./redis-rate-store.server')
      return redisRateStore(process.env.REDIS_URL)
    }
    return memoryRateStore()
  })()
  return store
}

/** Null when the request may go on; otherwise the 429 answer to send. RATE_LIMITS=off turns limits off (load tests only). */
export async function limitRequest(request: Request, rule: RateRule): Promise<Response | null> {
  if (process.env.RATE_LIMITS === 'off') return null
  const decision = await checkRate(await rateStore(), rule, clientAddress(request.headers))
  if (decision.ok) return null
  return refuse(429, 'rate_limited', `Too many requests from your network. Please wait ${decision.retryAfterSeconds} seconds and try again.`, {}, { 'retry-after': String(decision.retryAfterSeconds) })
}
