// Reading the link tokens the shop signed before signed-links.ts: three HMAC formats of two dot-separated parts
// (the reservation link, the booking links, and the small signed tokens of the account emails and saved-bike
// alerts). Only read, never made; each is refused after its own expiry, and all of them after
// LEGACY_LINKS_READ_UNTIL, when this file can be deleted (ADR 058).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '../../config/env'
import { namedSecret, payloadSecret } from '../../config/secrets.server'

/**
 * The last moment an old link is read. The longest-lived old links were saved-bike unsubscribe links, which
 * had no expiry: they are honoured for the year a new one lasts. The others end sooner by their own `exp`.
 */
export const LEGACY_LINKS_READ_UNTIL = new Date('2027-12-01T00:00:00Z')

type Purpose = 'reservation-manage' | 'booking-manage' | 'booking-extra-work' | 'saved-bike-unsubscribe' | 'email-confirm' | 'email-change'
type Claims = { readonly purpose: Purpose; readonly subject: string; readonly data: Readonly<Record<string, string>>; readonly expiresAt: number }
type Check = { readonly ok: true; readonly claims: Claims } | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' | 'wrong-purpose' }

const FORGED: Check = { ok: false, reason: 'forged' }
const MALFORMED: Check = { ok: false, reason: 'malformed' }
const UNTIL_SECONDS = Math.floor(LEGACY_LINKS_READ_UNTIL.getTime() / 1000)

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

function json(body: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function ok(purpose: Purpose, subject: unknown, expiresAt: number, now: Date, data: Record<string, string> = {}): Check {
  if (Math.min(expiresAt, UNTIL_SECONDS) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, claims: { purpose, subject: String(subject), data, expiresAt } }
}

/** `<base64 "id.manage.exp">.<HMAC>` under the reservation token key. */
function reservationLink(token: string, now: Date, secret: string | undefined): Check {
  const [body, mac] = token.split('.') as [string, string]
  const key = secret ?? namedSecret('reservationTokenKey', env().RESERVATION_TOKEN_SECRET)
  const expected = createHmac('sha256', key).update(`wheelhouse-reservation-v1.${body}`).digest('base64url')
  if (!sameBytes(Buffer.from(mac), Buffer.from(expected))) return FORGED
  const [id, p, exp] = Buffer.from(body, 'base64url').toString('utf8').split('.')
  const expiresAt = Number(exp)
  if (p !== 'manage' || !Number.isSafeInteger(Number(id)) || Number(id) <= 0 || !Number.isSafeInteger(expiresAt)) return MALFORMED
  return ok('reservation-manage', id, expiresAt + 1, now)
}

/** `<base64 JSON {b,p,e}>.<HMAC>` under a key derived from Payload's own secret (the first 32 hex of its SHA-256). */
function bookingLink(purpose: 'booking-manage' | 'booking-extra-work', token: string, now: Date, secret: string | undefined): Check {
  const [body, mac] = token.split('.') as [string, string]
  const payloadDotSecret = createHash('sha256').update(secret ?? payloadSecret(env().PAYLOAD_SECRET)).digest('hex').slice(0, 32)
  const key = createHmac('sha256', payloadDotSecret).update('wheelhouse booking links v1').digest()
  if (!sameBytes(Buffer.from(mac, 'base64url'), createHmac('sha256', key).update(body).digest())) return FORGED
  const c = json(body)
  if (!c || !Number.isSafeInteger(c.b) || typeof c.e !== 'number') return MALFORMED
  if (c.p !== (purpose === 'booking-manage' ? 'manage' : 'extra-work')) return { ok: false, reason: 'wrong-purpose' }
  return ok(purpose, c.b, c.e, now)
}

/** `<base64 JSON>.<HMAC>` under a key derived from the Payload secret and the token's old purpose name. */
function smallToken(purpose: 'saved-bike-unsubscribe' | 'email-confirm' | 'email-change', token: string, now: Date, secret: string | undefined): Check {
  const [body, mac] = token.split('.') as [string, string]
  const oldName = purpose === 'saved-bike-unsubscribe' ? 'saved-bike-alerts' : purpose
  const key = createHmac('sha256', secret ?? payloadSecret(env().PAYLOAD_SECRET)).update(`wheelhouse:${oldName}:v1`).digest()
  if (!sameBytes(Buffer.from(mac, 'base64url'), createHmac('sha256', key).update(body).digest())) return FORGED
  const c = json(body)
  if (!c) return MALFORMED
  if (purpose === 'saved-bike-unsubscribe') return Number.isSafeInteger(c.sid) ? ok(purpose, c.sid, UNTIL_SECONDS, now) : MALFORMED
  if (typeof c.u !== 'string' || typeof c.exp !== 'number') return MALFORMED
  if (purpose === 'email-confirm') return typeof c.e === 'string' ? ok(purpose, c.u, c.exp, now, { e: c.e }) : MALFORMED
  return typeof c.from === 'string' && typeof c.to === 'string' ? ok(purpose, c.u, c.exp, now, { from: c.from, to: c.to }) : MALFORMED
}

/** An old-format token read for `purpose` (its shape, two base64url parts, is checked here). */
export function readLegacyLink(purpose: Purpose, token: string, now: Date, secret?: string): Promise<Check> {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return Promise.resolve(MALFORMED)
  const mac = token.slice(token.indexOf('.') + 1)
  if (Buffer.from(mac, 'base64url').toString('base64url') !== mac) return Promise.resolve(FORGED)
  if (purpose === 'reservation-manage') return Promise.resolve(reservationLink(token, now, secret))
  if (purpose === 'booking-manage' || purpose === 'booking-extra-work') return Promise.resolve(bookingLink(purpose, token, now, secret))
  return Promise.resolve(smallToken(purpose, token, now, secret))
}
