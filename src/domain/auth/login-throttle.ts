// Login throttling rules (OWASP ASVS V2.2.1): failures counted per key (an account or a network address) in a
// sliding window; past a threshold each further failure blocks the key for a doubling delay, capped, so an
// attacker is slowed to a crawl while a real customer is never locked out for good.

export interface ThrottlePolicy {
  /** failures allowed in a window before the key is blocked */
  readonly freeFailures: number
  /** the first block; each further failure doubles it */
  readonly baseBlockMs: number
  /** no block lasts longer than this, whatever the count (no permanent lock-out) */
  readonly maxBlockMs: number
  /** failures older than this are forgotten */
  readonly windowMs: number
}

/** One account: five tries, then 30 s, 1 min, 2 min … up to 15 min between tries. */
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 5, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000, windowMs: 15 * 60_000 }

/** One network address across all accounts (credential stuffing): more room, since offices and homes share addresses. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 40, baseBlockMs: 60_000, maxBlockMs: 15 * 60_000, windowMs: 15 * 60_000 }

export interface ThrottleRecord {
  readonly failures: number
  readonly windowStartedAt: Date
  readonly blockedUntil: Date | null
}

export type ThrottleDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number }

/** May an attempt go ahead now? */
export function checkThrottle(record: ThrottleRecord | null, now: Date): ThrottleDecision {
  if (!record?.blockedUntil) return { allowed: true }
  const left = record.blockedUntil.getTime() - now.getTime()
  return left > 0 ? { allowed: false, retryAfterMs: left } : { allowed: true }
}

/** The record after one more failed attempt. */
export function recordFailure(record: ThrottleRecord | null, now: Date, policy: ThrottlePolicy): ThrottleRecord {
  const fresh = !record || now.getTime() - record.windowStartedAt.getTime() > policy.windowMs
  const failures = fresh ? 1 : record.failures + 1
  const windowStartedAt = fresh ? now : record.windowStartedAt
  const over = failures - policy.freeFailures
  if (over <= 0) return { failures, windowStartedAt, blockedUntil: null }
  // 2 ** 30 is far past any cap, and keeps the arithmetic finite
  const blockMs = Math.min(policy.maxBlockMs, policy.baseBlockMs * 2 ** Math.min(over - 1, 30))
  return { failures, windowStartedAt, blockedUntil: new Date(now.getTime() + blockMs) }
}

/** Whole seconds for a Retry-After header and a message (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000))
}

/** Storage keys: e-mail addresses are compared without case; the prefix keeps the kinds apart. */
export const throttleKeys = {
  account: (email: string) => `account:${email.trim().toLowerCase()}`.slice(0, 300),
  address: (address: string) => `address:${address}`.slice(0, 300),
  lookupAddress: (address: string) => `lookup:${address}`.slice(0, 300),
}
