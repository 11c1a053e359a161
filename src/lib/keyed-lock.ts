// One piece of work at a time per key in this process: each call waits for the calls before it on the same
// key to settle (a failure does not block the next), and the key is forgotten once nothing is waiting on it.

export type KeyedLock<K> = <T>(key: K, fn: () => Promise<T>) => Promise<T>

export function keyedLock<K>(): KeyedLock<K> {
  const tails = new Map<K, Promise<unknown>>()
  return async (key, fn) => {
    const previous = tails.get(key) ?? Promise.resolve()
    const run = previous.catch(() => undefined).then(fn)
    const settled = run.catch(() => undefined)
    tails.set(key, settled)
    try {
      return await run
    } finally {
      if (tails.get(key) === settled) tails.delete(key)
    }
  }
}
