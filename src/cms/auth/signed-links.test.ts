import { createHash, createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LINK_PURPOSES, linkedId, readLink, signLink, type LinkPurpose } from './signed-links'
import { LEGACY_LINKS_READ_UNTIL } from './signed-links-legacy'

const secret = 'test-secret-0123456789abcdef0123456789'
const other = 'another-secret-0123456789abcdef012345'
const now = new Date('2026-12-01T12:00:00Z')
const at = (secondsLater: number) => new Date(now.getTime() + secondsLater * 1000)

describe('signed links', () => {
  it('reads back what it signed, for every purpose', async () => {
    for (const purpose of LINK_PURPOSES) {
      const token = await signLink(purpose, 42, { data: { e: 'a@b.test' }, now, secret })
      expect(await readLink(purpose, token, { now, secret })).toMatchObject({ ok: true, claims: { purpose, subject: '42', data: { e: 'a@b.test' } } })
      expect(await linkedId(purpose, token, { now, secret })).toBe(42)
    }
  })

  it('refuses a link of another purpose', async () => {
    for (const purpose of LINK_PURPOSES) {
      const token = await signLink(purpose, 42, { now, secret })
      for (const wrong of LINK_PURPOSES.filter((p) => p !== purpose)) {
        expect(await readLink(wrong, token, { now, secret }), `${purpose} read as ${wrong}`).toEqual({ ok: false, reason: 'wrong-purpose' })
        expect(await linkedId(wrong, token, { now, secret })).toBeNull()
      }
    }
  })

  it('refuses an expired link from its exp second on, by its purpose’s lifetime or its own end', async () => {
    const reservation = await signLink('reservation-manage', 1, { now, secret })
    expect((await readLink('reservation-manage', reservation, { now: at(30 * 86_400 - 1), secret })).ok).toBe(true)
    expect(await readLink('reservation-manage', reservation, { now: at(30 * 86_400), secret })).toEqual({ ok: false, reason: 'expired' })
    const booking = await signLink('booking-manage', 1, { now, expiresAt: at(3600), secret })
    expect(await readLink('booking-manage', booking, { now: at(3599), secret })).toMatchObject({ ok: true, claims: { expiresAt: Math.floor(at(3600).getTime() / 1000) } })
    expect(await readLink('booking-manage', booking, { now: at(3600), secret })).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses a link signed with another secret, or changed anywhere', async () => {
    const token = await signLink('booking-manage', 7, { now, secret })
    expect(await readLink('booking-manage', token, { now, secret: other })).toEqual({ ok: false, reason: 'forged' })
    // the same signature over another booking id
    const [header, , mac] = token.split('.')
    const body = Buffer.from(JSON.stringify({ aud: 'booking-manage', sub: '8', iat: 0, exp: 9_999_999_999 })).toString('base64url')
    expect(await readLink('booking-manage', `${header}.${body}.${mac}`, { now, secret })).toEqual({ ok: false, reason: 'forged' })
    // a token claiming no algorithm at all
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')
    expect((await readLink('booking-manage', `${none}.${body}.`, { now, secret })).ok).toBe(false)
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: token.length - 1 }), fc.constantFrom(...'ABCQabcw019-_.'), async (i, ch) => {
        fc.pre(token[i] !== ch)
        expect((await readLink('booking-manage', token.slice(0, i) + ch + token.slice(i + 1), { now, secret })).ok).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  it('refuses what is not a token', async () => {
    for (const bad of ['', '42', 'abc', '.', 'a.b.c.d', 'a b.c.d', 'x'.repeat(3000), null, 42, {}, undefined]) expect(await readLink('reservation-manage', bad, { now, secret }), String(bad)).toEqual({ ok: false, reason: 'malformed' })
    expect((await readLink('reservation-manage', 'a.b.c', { now, secret })).ok).toBe(false)
  })
})

// The formats the shop signed before, made here as the old codecs made them.
const legacyReservation = (id: number, exp: number, key: string) => {
  const body = Buffer.from(`${id}.manage.${exp}`).toString('base64url')
  return `${body}.${createHmac('sha256', key).update(`wheelhouse-reservation-v1.${body}`).digest('base64url')}`
}
const legacyBooking = (b: number, p: 'manage' | 'extra-work', e: number, configSecret: string) => {
  const key = createHmac('sha256', createHash('sha256').update(configSecret).digest('hex').slice(0, 32)).update('wheelhouse booking links v1').digest()
  const body = Buffer.from(JSON.stringify({ b, p, e })).toString('base64url')
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}
const legacySmall = (purpose: string, claims: object, s: string) => {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  const key = createHmac('sha256', s).update(`wheelhouse:${purpose}:v1`).digest()
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

describe('links emailed before the one codec', () => {
  const exp = Math.floor(now.getTime() / 1000) + 3600
  const cases: [LinkPurpose, string, object][] = [
    ['reservation-manage', legacyReservation(42, exp, secret), { subject: '42' }],
    ['booking-manage', legacyBooking(42, 'manage', exp, secret), { subject: '42' }],
    ['booking-extra-work', legacyBooking(42, 'extra-work', exp, secret), { subject: '42' }],
    ['email-confirm', legacySmall('email-confirm', { u: '42', e: 'a@b.test', exp }, secret), { subject: '42', data: { e: 'a@b.test' } }],
    ['email-change', legacySmall('email-change', { u: '42', from: 'a@b.test', to: 'c@d.test', exp }, secret), { subject: '42', data: { from: 'a@b.test', to: 'c@d.test' } }],
  ]

  it('still reads them until their own expiry, for their own purpose only, and refuses them changed or under another secret', async () => {
    for (const [purpose, token, claims] of cases) {
      expect(await readLink(purpose, token, { now, secret }), purpose).toMatchObject({ ok: true, claims })
      expect(await readLink(purpose, token, { now: at(3601), secret }), purpose).toEqual({ ok: false, reason: 'expired' })
      expect(await readLink(purpose, token, { now, secret: other }), purpose).toEqual({ ok: false, reason: 'forged' })
      const [body, mac] = token.split('.') as [string, string]
      expect((await readLink(purpose, `${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, { now, secret })).ok, purpose).toBe(false)
      for (const wrong of LINK_PURPOSES.filter((p) => p !== purpose)) expect((await readLink(wrong, token, { now, secret })).ok, `${purpose} as ${wrong}`).toBe(false)
    }
  })

  it('reads an old saved-bike unsubscribe link (it had no expiry) until the legacy formats end', async () => {
    const token = legacySmall('saved-bike-alerts', { sid: 9 }, secret)
    expect(await linkedId('saved-bike-unsubscribe', token, { now, secret })).toBe(9)
    expect(await readLink('saved-bike-unsubscribe', token, { now: LEGACY_LINKS_READ_UNTIL, secret })).toEqual({ ok: false, reason: 'expired' })
    expect(await readLink('saved-bike-unsubscribe', token, { now, secret: other })).toEqual({ ok: false, reason: 'forged' })
  })
})
