// Rate-limit counts shared by every app instance: one Redis counter per rule, subject and window.
import { Redis } from 'ioredis'
import type { RateStore } from './rate-limit'

/** Keys live under REDIS_PREFIX (server.mjs sets one per database), so shops sharing a Redis never share counts. */
export function redisRateStore(url: string, prefix = process.env.REDIS_PREFIX || 'wheelhouse'): RateStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true })
  return {
    async hit(key, windowMs, now) {
      const window = Math.floor(now / windowMs)
      const k = `${prefix}:rate:${key}:${window}`
      const result = await redis.multi().incr(k).pexpire(k, windowMs).exec()
      const count = Number(result?.[0]?.[1] ?? 0)
      return { count, resetAt: (window + 1) * windowMs }
    },
  }
}
