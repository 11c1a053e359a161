import { describe, expect, it } from 'vitest'
import { signReservationToken, verifyReservationToken } from './reservation-token'

const KEY = 'k'.repeat(64)
const now = 1_800_000_000

describe('reservation tokens', () => {
  it('round-trips and checks purpose, expiry, key and tampering', () => {
    const t = signReservationToken({ reservationId: 42, purpose: 'manage', expiresAt: now + 60 }, KEY)
    expect(verifyReservationToken(t, 'manage', KEY, now)).toEqual({ reservationId: 42, purpose: 'manage', expiresAt: now + 60 })
    expect(verifyReservationToken(t, 'manage', KEY, now + 61)).toBeNull()
    expect(verifyReservationToken(t, 'manage', 'x'.repeat(64), now)).toBeNull()
    const [body, sig] = t.split('.') as [string, string]
    const forged = Buffer.from('43.manage.' + (now + 60)).toString('base64url')
    expect(verifyReservationToken(`${forged}.${sig}`, 'manage', KEY, now)).toBeNull()
    expect(verifyReservationToken(`${body}.${sig.slice(0, -1)}A`, 'manage', KEY, now)).toBeNull()
    for (const bad of ['', '42', '.', 'a.b.c', 'x'.repeat(1000), null, 42, {}]) expect(verifyReservationToken(bad, 'manage', KEY, now)).toBeNull()
  })
})
