// Known-device cookies (OWASP "device cookies", ADR 009): every successful sign-in leaves a long-lived HMAC-signed
// cookie naming the account and a random device id. A correct password from a device holding such a cookie for that
// account is never slowed by failures an attacker caused elsewhere; that device's own failures are counted on its id.
import { randomBytes } from 'node:crypto'
import { readToken, signToken } from './signed-tokens'

export const DEVICE_COOKIE = 'wheelhouse-device'
/** Half a year: a customer's own phone or laptop stays known between occasional visits. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60
/** One cookie holds the devices' tokens of a few accounts (a shared family computer); the newest are kept. */
const MAX_TOKENS = 5

export interface KnownDevice {
  readonly userId: string
  readonly deviceId: string
}

export function issueDeviceToken(userId: number | string, now = new Date(), secret?: string): string {
  const claims = { u: String(userId), d: randomBytes(12).toString('base64url'), exp: Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS }
  return signToken('known-device', claims, secret)
}

/** The device this request proves for `userId`, or null. */
export function knownDeviceFor(tokens: readonly string[], userId: number | string, now = new Date(), secret?: string): KnownDevice | null {
  for (const token of tokens) {
    const claims = readToken('known-device', token, secret)
    if (!claims || claims.u !== String(userId) || typeof claims.d !== 'string' || typeof claims.exp !== 'number') continue
    if (claims.exp * 1000 <= now.getTime()) continue
    return { userId: String(userId), deviceId: claims.d }
  }
  return null
}

/** The tokens in a cookie header (or a bare cookie value). */
export function deviceTokensFromCookieHeader(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return []
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === DEVICE_COOKIE) return deviceTokensFromCookieValue(rest.join('='))
  }
  return []
}

export function deviceTokensFromCookieValue(value: string | null | undefined): string[] {
  if (!value) return []
  return decodeURIComponent(value).split('~').filter(Boolean).slice(0, MAX_TOKENS)
}

/** The cookie value after a sign-in of `userId`: that account's new token first, other accounts' tokens kept. */
export function nextDeviceCookieValue(existing: readonly string[], newToken: string, userId: number | string, secret?: string): string {
  const others = existing.filter((t) => {
    const claims = readToken('known-device', t, secret)
    return claims !== null && claims.u !== String(userId)
  })
  return [newToken, ...others].slice(0, MAX_TOKENS).join('~')
}

/** A Set-Cookie header for the value (HttpOnly, SameSite=Lax, Secure over HTTPS). */
export function deviceSetCookieHeader(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
