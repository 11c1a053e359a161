// Login throttling rules (OWASP ASVS 5.0 §6.3, ADR 009): failures counted per key (an account, a known device or a
// network address) in a sliding window. Past a threshold an account (or a known device) must wait a doubling delay,
// capped, between attempts; a correct password from a known device of that account skips the account's delay, so an
// attacker cannot lock the owner out. A network address is only ever slowed down (a short wait before the answer),
// never refused, so one noisy neighbour behind a shared address cannot block every account.
import { networkKey } from '../../lib/network-key'

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

/** One network address across all accounts (credential stuffing): counted with more room, since offices and homes share addresses; see addressDelayMs. */
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

/** Past the address's free failures each attempt from it waits this long before it is answered: 0.5 s doubling, at most 5 s. */
export const ADDRESS_MAX_DELAY_MS = 5_000

/** How long an attempt from an address with this record is held back (never a refusal). */
export function addressDelayMs(record: ThrottleRecord | null, now: Date, policy: ThrottlePolicy = ADDRESS_POLICY): number {
  if (!record || now.getTime() - record.windowStartedAt.getTime() > policy.windowMs) return 0
  const over = record.failures - policy.freeFailures
  if (over <= 0) return 0
  return Math.min(ADDRESS_MAX_DELAY_MS, 500 * 2 ** Math.min(over - 1, 30))
}

/** Whole seconds for a Retry-After header and a message (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000))
}

/** Storage keys: e-mail addresses are compared without case, client addresses by network (an IPv6 /64 is one); the prefix keeps the kinds apart. */
export const throttleKeys = {
  account: (email: string) => `account:${email.trim().toLowerCase()}`.slice(0, 300),
  address: (address: string) => `address:${networkKey(address)}`.slice(0, 300),
  /** one known device of one account: its own failures, apart from the account's */
  device: (deviceId: string) => `device:${deviceId}`.slice(0, 300),
  lookupAddress: (address: string) => `lookup:${networkKey(address)}`.slice(0, 300),
}
