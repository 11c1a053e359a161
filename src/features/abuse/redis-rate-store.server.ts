// Rate-limit counts shared by every app instance (issue 13): one Redis counter per rule, subject and window.
import 'server-only'
import { Redis } from 'ioredis'
import type { RateStore } from '../../lib/rate-limit'

export function redisRateStore(url: string): RateStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true })
  return {
    async hit(key, windowMs, now) {
      const window = Math.floor(now / windowMs)
      const k = `wheelhouse:rate:${key}:${window}`
      const result = await redis.multi().incr(k).pexpire(k, windowMs).exec()
      const count = Number(result?.[0]?.[1] ?? 0)
      return { count, resetAt: (window + 1) * windowMs }
    },
  }
}
