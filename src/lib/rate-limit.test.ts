import { describe, expect, it } from 'vitest'
import { checkRate, memoryRateStore } from './rate-limit'

const rule = { name: 'checkout', limit: 3, windowMs: 60_000 }

describe('checkRate with the memory store', () => {
  it('allows the limit, refuses the next with the seconds left, and opens again in the next window', async () => {
    const store = memoryRateStore()
    const t = 1_000_000
    for (let i = 0; i < 3; i++) expect(await checkRate(store, rule, '203.0.113.9', t + i)).toEqual({ ok: true })
    expect(await checkRate(store, rule, '203.0.113.9', t + 30_000)).toEqual({ ok: false, retryAfterSeconds: 30 })
    expect(await checkRate(store, rule, '198.51.100.1', t + 30_000)).toEqual({ ok: true })
    expect(await checkRate(store, rule, '203.0.113.9', t + 60_001)).toEqual({ ok: true })
  })

  it('keeps rules apart and stays within its key budget', async () => {
    const store = memoryRateStore(10)
    for (let i = 0; i < 100; i++) await checkRate(store, rule, `a${i}`, 5)
    expect(await checkRate(store, { ...rule, name: 'quotes' }, 'a1', 5)).toEqual({ ok: true })
  })
})
