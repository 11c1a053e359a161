import { afterEach, describe, expect, it, vi } from 'vitest'

const rule = { name: 'shared-store-test', limit: 2, windowMs: 60_000 }

afterEach(() => {
  delete process.env.RATE_LIMITS
})

describe('the shared rate-limit store', () => {
  it('keeps one count for every copy of the module (the server build instantiates one per group of routes)', async () => {
    const a = await import('./shared-rate-store')
    vi.resetModules()
    const b = await import('./shared-rate-store')
    expect(b).not.toBe(a)
    expect(await a.countShared(rule, '192.0.2.1')).toEqual({ ok: true })
    expect(await b.countShared(rule, '192.0.2.1')).toEqual({ ok: true })
    expect((await a.countShared(rule, '192.0.2.1')).ok).toBe(false)
  })

  it('counts targets by a hash of the address, case and spaces aside, and stops at the first limit that refuses', async () => {
    const { countInTurn, targetSubject } = await import('./shared-rate-store')
    expect(targetSubject(' Ann@Example.com ')).toBe(targetSubject('ann@example.com'))
    expect(targetSubject('ann@example.com')).not.toContain('ann')
    const target = { rule: { ...rule, name: 'shared-store-target' }, subject: targetSubject('bob@example.com') }
    for (let i = 0; i < 2; i++) expect(await countInTurn([{ rule, subject: `198.51.100.${i}` }, target])).toEqual({ ok: true })
    expect((await countInTurn([{ rule, subject: '198.51.100.9' }, target])).ok).toBe(false)
  })

  it('allows everything when RATE_LIMITS=off', async () => {
    process.env.RATE_LIMITS = 'off'
    const { countShared } = await import('./shared-rate-store')
    for (let i = 0; i < 5; i++) expect(await countShared(rule, '203.0.113.77')).toEqual({ ok: true })
  })
})
