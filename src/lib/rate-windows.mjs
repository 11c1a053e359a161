// Fixed windows of hits per key, counted in this process's memory: the app's in-process rate store
// (rate-limit.ts) and the production server's edge (server-lib/form-posts.mjs) both count with it. Plain
// JavaScript so that server.mjs can load it without a build.

/**
 * At most `maxKeys` windows are kept: past it, windows that have ended go first, then the oldest, so a client with
 * many addresses cannot grow memory.
 * @param {number} [maxKeys]
 */
export function memoryWindows(maxKeys = 50_000) {
  /** @type {Map<string, { count: number, resetAt: number }>} */
  const windows = new Map()
  return {
    /**
     * Counts one hit for `key` in its window that contains `now` (a new one of `windowMs` if it has none): the count
     * so far and when that window ends.
     * @param {string} key
     * @param {number} windowMs
     * @param {number} now
     * @returns {{ count: number, resetAt: number }}
     */
    hit(key, windowMs, now) {
      let entry = windows.get(key)
      if (!entry || entry.resetAt <= now) {
        if (windows.size >= maxKeys) {
          for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
          while (windows.size >= maxKeys) windows.delete(/** @type {string} */ (windows.keys().next().value))
        }
        windows.delete(key) // re-inserted: the Map stays in order of window start, oldest first
        entry = { count: 0, resetAt: now + windowMs }
        windows.set(key, entry)
      }
      entry.count++
      return { count: entry.count, resetAt: entry.resetAt }
    },
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get size() {
      return windows.size
    },
  }
}
