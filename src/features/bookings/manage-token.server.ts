// Signed links that let a customer manage one booking without an account: the booking id, what the link is
// for and when it expires, signed with HMAC-SHA256 under a key derived from the shop's secret. Never the
// booking id alone; compared in constant time.
import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'

export type TokenPurpose = 'manage' | 'extra-work'

export interface TokenClaims {
  readonly bookingId: number
  readonly purpose: TokenPurpose
  /** Seconds since the epoch. */
  readonly expires: number
}

function keyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('wheelhouse booking links v1').digest()
}

function b64(buf: Buffer | string): string {
  return Buffer.from(buf).toString('base64url')
}

export function signBookingToken(secret: string, claims: TokenClaims): string {
  const body = b64(JSON.stringify({ b: claims.bookingId, p: claims.purpose, e: claims.expires }))
  const mac = createHmac('sha256', keyFrom(secret)).update(body).digest()
  return `${body}.${b64(mac)}`
}

export type TokenCheck = { readonly ok: true; readonly claims: TokenClaims } | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' | 'wrong_purpose' }

export function verifyBookingToken(secret: string, token: unknown, purpose: TokenPurpose, now: Date = new Date()): TokenCheck {
  if (typeof token !== 'string' || token.length > 400 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' }
  const [body, mac] = token.split('.') as [string, string]
  const expected = createHmac('sha256', keyFrom(secret)).update(body).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || b64(given) !== mac) return { ok: false, reason: 'forged' }
  let parsed: { b?: unknown; p?: unknown; e?: unknown }
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof parsed
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (!Number.isSafeInteger(parsed.b) || typeof parsed.e !== 'number' || (parsed.p !== 'manage' && parsed.p !== 'extra-work')) return { ok: false, reason: 'malformed' }
  if (parsed.p !== purpose) return { ok: false, reason: 'wrong_purpose' }
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, claims: { bookingId: parsed.b as number, purpose: parsed.p, expires: parsed.e } }
}

export const TOKEN_PROBLEM: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  malformed: 'This booking link is not complete. Copy the whole link from your email.',
  forged: 'This booking link is not valid. Use the link in your confirmation email.',
  expired: 'This booking link has expired. Please call us to change your booking.',
  wrong_purpose: 'This link cannot be used for that. Use the matching link in your email.',
}
