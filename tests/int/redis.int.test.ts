// The shop's two uses of Redis (ADR 008) on the installed ioredis, against the Redis CI runs: rate-limit counts
// shared between instances, and the storefront bus's publish/subscribe that server.mjs uses.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { redisRateStore } from '../../src/lib/redis-rate-store'

const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
const clients: Redis[] = []
afterAll(() => Promise.all(clients.map((c) => c.quit())))

describe('Redis', () => {
  it('counts rate-limit hits across stores (two instances) within one window, and starts again in the next', async () => {
    const prefix = `wheelhouse-test:${randomUUID()}`
    const a = redisRateStore(url, prefix)
    const b = redisRateStore(url, prefix)
    const now = 1_800_000_000_000
    expect((await a.hit('checkout:10.0.0.1', 60_000, now)).count).toBe(1)
    expect((await b.hit('checkout:10.0.0.1', 60_000, now + 10)).count).toBe(2)
    const third = await a.hit('checkout:10.0.0.1', 60_000, now + 20)
    expect(third).toEqual({ count: 3, resetAt: (Math.floor(now / 60_000) + 1) * 60_000 })
    expect((await b.hit('checkout:10.0.0.1', 60_000, now + 60_000)).count).toBe(1)
    const probe = new Redis(url)
    clients.push(probe)
    const ttl = await probe.pttl(`${prefix}:rate:checkout:10.0.0.1:${Math.floor(now / 60_000)}`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('delivers a storefront change published by one instance to another’s subscriber', async () => {
    const channel = `wheelhouse-test:${randomUUID()}:storefront`
    const publisher = new Redis(url, { maxRetriesPerRequest: 2 })
    const subscriber = new Redis(url)
    clients.push(publisher, subscriber)
    const received = new Promise<string>((resolve) => subscriber.on('message', (_channel: string, message: string) => resolve(message)))
    await subscriber.subscribe(channel)
    const message = JSON.stringify({ from: 'instance-a', change: { products: [1] } })
    expect(await publisher.publish(channel, message)).toBe(1)
    expect(await received).toBe(message)
  })
})
