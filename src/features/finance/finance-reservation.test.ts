// The finance checkout keeps a reservation link's token only when it is shaped like one: the shop's own links (JWTs
// from the one codec) must pass, or a customer following the reservation email's finance link loses the reservation.
import { describe, expect, it } from 'vitest'
import { signLink } from '../../cms/auth/signed-links'
import { looksLikeReservationToken } from './finance-reservation'

describe('looksLikeReservationToken', () => {
  it('takes the link the shop signs for a reservation, and an older two-part link', async () => {
    const token = await signLink('reservation-manage', 42, { secret: 'a-test-secret-for-reservation-links-0123456789' })
    expect(looksLikeReservationToken(token)).toBe(true)
    expect(looksLikeReservationToken('AbC_123.def-456')).toBe(true)
  })

  it('refuses what no link looks like', () => {
    for (const value of [null, 42, '', 'abc', 'a.b.c.d', 'a b.c', `${'a'.repeat(2048)}.b`, '<script>.x']) expect(looksLikeReservationToken(value), String(value)).toBe(false)
  })
})
