// Fixed-window request counting behind one small interface: in the process by default (one app instance),
// in Redis when several instances must share the counts (REDIS_URL; see redis-rate-store.server.ts).
import { memoryWindows } from './rate-windows.mjs'

export interface RateStore {
  /** Counts one hit for `key` in the window that contains now; answers the count so far and when the window ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>
}

export interface RateRule {
  readonly name: string
  readonly limit: number
  readonly windowMs: number
}

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number }

export async function checkRate(store: RateStore, rule: RateRule, subject: string, now = Date.now()): Promise<RateDecision> {
  const { count, resetAt } = await store.hit(`${rule.name}:${subject}`, rule.windowMs, now)
  return count <= rule.limit ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) }
}

/** Counts in this process's memory; windows that have ended are dropped as new hits arrive. */
export function memoryRateStore(maxKeys = 50_000): RateStore {
  const windows = memoryWindows(maxKeys)
  return {
    async hit(key, windowMs, now) {
      return windows.hit(key, windowMs, now)
    },
  }
}
