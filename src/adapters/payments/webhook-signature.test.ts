import { describe, expect, it } from 'vitest'
import { signPayload, verifySignature } from './webhook-signature'

const secret = 'whsec_test_0123456789'
const body = JSON.stringify({ id: 'evt_1', type: 'succeeded' })

describe('webhook signatures', () => {
  it('verify what was signed with the same secret', () => {
    const header = signPayload(body, secret, 1_700_000_000)
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/)
    expect(verifySignature(body, header, secret, 1_700_000_010)).toEqual({ ok: true })
  })

  it('refuse a changed body, another secret, a missing or malformed header', () => {
    const header = signPayload(body, secret, 1_700_000_000)
    expect(verifySignature(body.replace('succeeded', 'failed'), header, secret, 1_700_000_000).ok).toBe(false)
    expect(verifySignature(body, header, 'another', 1_700_000_000).ok).toBe(false)
    expect(verifySignature(body, null, secret, 1_700_000_000)).toEqual({ ok: false, reason: 'missing signature header' })
    expect(verifySignature(body, 'v1=abc', secret, 1_700_000_000).ok).toBe(false)
    expect(verifySignature(body, 't=abc,v1=00', secret, 1_700_000_000).ok).toBe(false)
  })

  it('refuse replays outside the five-minute tolerance', () => {
    const header = signPayload(body, secret, 1_700_000_000)
    expect(verifySignature(body, header, secret, 1_700_000_000 + 300).ok).toBe(true)
    expect(verifySignature(body, header, secret, 1_700_000_000 + 301)).toMatchObject({ ok: false, reason: expect.stringContaining('tolerance') })
    expect(verifySignature(body, header, secret, 1_700_000_000 - 301).ok).toBe(false)
  })

  it('accept any one matching v1 among several (secret rotation)', () => {
    const good = signPayload(body, secret, 1_700_000_000)
    const header = `t=1700000000,v1=${'0'.repeat(64)},${good.split(',')[1]}`
    expect(verifySignature(body, header, secret, 1_700_000_000).ok).toBe(true)
  })
})
