// The one rate-limit store of the process: Redis when REDIS_URL is set (counts shared by every instance), else
// memory. Kept on globalThis because the server build instantiates a bundled module once per group of routes
// (ADR 032): a module-level store gave the JSON routes one set of counts and the forms (server actions) and
// Payload's own routes others, so a form went on booking after its JSON twin had said 429.
import { createHash } from 'node:crypto'
import { checkRate, memoryRateStore, type RateDecision, type RateRule, type RateStore } from './rate-limit'

const STORE_KEY = Symbol.for('wheelhouse.rateStore')
type Holder = { [STORE_KEY]?: Promise<RateStore> }

export function sharedRateStore(): Promise<RateStore> {
  const holder = globalThis as Holder
  holder[STORE_KEY] ??= (async () => {
    if (process.env.REDIS_URL) {
      // Loaded only when REDIS_URL is set: a shop without Redis never loads ioredis.
      const { redisRateStore } = await import('./redis-rate-store')
      return redisRateStore(process.env.REDIS_URL)
    }
    return memoryRateStore()
  })()
  return holder[STORE_KEY]
}

/** Whether the per-address and per-target limits apply: RATE_LIMITS=off turns them off (load tests and benchmarks only). */
export const rateLimitsOn = (): boolean => process.env.RATE_LIMITS !== 'off'

/** Counts one request from `subject` against `rule` in the shared store (always allowed when limits are off). */
export async function countShared(rule: RateRule, subject: string): Promise<RateDecision> {
  if (!rateLimitsOn()) return { ok: true }
  return checkRate(await sharedRateStore(), rule, subject)
}

/**
 * The subject under which requests aimed at one email address (one the shop would write to, or hash a password for)
 * are counted: a hash, so Redis never holds the addresses people typed.
 */
export function targetSubject(address: string): string {
  return `to:${createHash('sha256').update(address.trim().toLowerCase()).digest('base64url').slice(0, 22)}`
}

/** Counts one request against each limit in turn and stops at the first that refuses: the decision the request gets. */
export async function countInTurn(counts: readonly { rule: RateRule; subject: string }[]): Promise<RateDecision> {
  for (const { rule, subject } of counts) {
    const decision = await countShared(rule, subject)
    if (!decision.ok) return decision
  }
  return { ok: true }
}
