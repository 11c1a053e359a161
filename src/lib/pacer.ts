// Spreads costly work out in time, in this process: each call is given the next free start, `intervalMs` after the
// one given before it, and waits for it; a call whose start would be more than `maxWaitMs` away is refused at once
// (false), so a crowd waits a bounded time and then is told to come back. Nothing is held between calls, so work
// that fails or never finishes blocks nobody.

export interface PacerOptions {
  readonly intervalMs: number
  readonly maxWaitMs: number
  readonly now?: () => number
  readonly sleep?: (ms: number) => Promise<void>
}

export type Pacer = () => Promise<boolean>

export function createPacer({ intervalMs, maxWaitMs, now = Date.now, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: PacerOptions): Pacer {
  let nextFree = -Infinity
  return async () => {
    const t = now()
    const start = Math.max(t, nextFree)
    if (start - t > maxWaitMs) return false
    nextFree = start + intervalMs
    if (start > t) await sleep(start - t)
    return true
  }
}
