// Links that let a customer manage a reservation without an account: an HMAC-SHA256 signed, expiring token
// carrying the reservation id and the purpose. The id alone never grants anything; comparison is constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto'

export type TokenPurpose = 'manage'

export interface TokenClaims {
  readonly reservationId: number
  readonly purpose: TokenPurpose
  /** Unix seconds */
  readonly expiresAt: number
}

/** Long enough to outlast any hold (MAX_HOLD_HOURS) and the cancellation period (CANCELLATION_DAYS). */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600

function sign(body: string, key: string): string {
  return createHmac('sha256', key).update(`wheelhouse-reservation-v1.${body}`).digest('base64url')
}

export function signReservationToken(claims: TokenClaims, key: string): string {
  const body = Buffer.from(`${claims.reservationId}.${claims.purpose}.${claims.expiresAt}`, 'utf8').toString('base64url')
  return `${body}.${sign(body, key)}`
}

/** The claims of a genuine, unexpired token for `purpose`, else null (never says why). */
export function verifyReservationToken(token: unknown, purpose: TokenPurpose, key: string, nowSeconds: number): TokenClaims | null {
  if (typeof token !== 'string' || token.length > 300) return null
  const dot = token.indexOf('.')
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null
  const body = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1), 'utf8')
  const expected = Buffer.from(sign(body, key), 'utf8')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const parts = Buffer.from(body, 'base64url').toString('utf8').split('.')
  if (parts.length !== 3) return null
  const [id, p, exp] = parts
  const reservationId = Number(id)
  const expiresAt = Number(exp)
  if (!Number.isSafeInteger(reservationId) || reservationId <= 0 || p !== purpose || !Number.isSafeInteger(expiresAt) || expiresAt < nowSeconds) return null
  return { reservationId, purpose, expiresAt }
}
