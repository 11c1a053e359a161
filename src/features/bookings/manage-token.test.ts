import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'

vi.mock('server-only', () => ({}))
const { signBookingToken, verifyBookingToken } = await import('./manage-token.server')

const secret = 'test-secret-0123456789abcdef0123456789'
const now = new Date('2026-12-01T12:00:00Z')
const later = Math.floor(now.getTime() / 1000) + 3600

describe('booking links', () => {
  it('verifies its own token and refuses forged, expired and misused ones', () => {
    const token = signBookingToken(secret, { bookingId: 42, purpose: 'manage', expires: later })
    expect(verifyBookingToken(secret, token, 'manage', now)).toEqual({ ok: true, claims: { bookingId: 42, purpose: 'manage', expires: later } })
    expect(verifyBookingToken('another-secret-0123456789abcdef0123', token, 'manage', now)).toMatchObject({ ok: false, reason: 'forged' })
    expect(verifyBookingToken(secret, token, 'extra-work', now)).toMatchObject({ ok: false, reason: 'wrong_purpose' })
    expect(verifyBookingToken(secret, token, 'manage', new Date((later + 1) * 1000))).toMatchObject({ ok: false, reason: 'expired' })
    expect(verifyBookingToken(secret, '42', 'manage', now)).toMatchObject({ ok: false, reason: 'malformed' })
    expect(verifyBookingToken(secret, undefined, 'manage', now)).toMatchObject({ ok: false })
    // the same signature on another booking id is refused
    const [, mac] = token.split('.')
    const otherBody = Buffer.from(JSON.stringify({ b: 43, p: 'manage', e: later })).toString('base64url')
    expect(verifyBookingToken(secret, `${otherBody}.${mac}`, 'manage', now)).toMatchObject({ ok: false, reason: 'forged' })
  })

  it('property: any change to a token makes it invalid', () => {
    const token = signBookingToken(secret, { bookingId: 7, purpose: 'manage', expires: later })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: token.length - 1 }), fc.constantFrom(...'ABCabc019-_.'), (i, ch) => {
        fc.pre(token[i] !== ch)
        const changed = token.slice(0, i) + ch + token.slice(i + 1)
        expect(verifyBookingToken(secret, changed, 'manage', now).ok).toBe(false)
      }),
    )
  })
})
