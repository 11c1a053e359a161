// Compact JWTs signed with HMAC-SHA256 (RFC 7519/7515), on node:crypto alone: the API tokens of spec §7.
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface ApiTokenClaims {
  /** issuer: this shop's URL */
  readonly iss: string
  /** the user's id, as a string */
  readonly sub: string
  /** token id, recorded in api-tokens so signing out can revoke it */
  readonly jti: string
  readonly iat: number
  readonly exp: number
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url')
}

function signature(key: string, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest()
}

export function signJwt(claims: ApiTokenClaims, key: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`
  return `${body}.${signature(key, body).toString('base64url')}`
}

export type JwtCheck =
  | { readonly ok: true; readonly claims: ApiTokenClaims }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired' | 'wrong-issuer' }

const SEGMENT = /^[A-Za-z0-9_-]+$/

/** Verifies signature, algorithm (HS256 only: "none" and others are refused), issuer and expiry. */
export function verifyJwt(token: string, key: string, expectedIssuer: string, nowSeconds: number): JwtCheck {
  if (token.length > 4096) return { ok: false, reason: 'malformed' }
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return { ok: false, reason: 'malformed' }
  const [header, payload, sig] = parts as [string, string, string]
  let parsedHeader: unknown
  let claims: unknown
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (!isRecord(parsedHeader) || parsedHeader.alg !== 'HS256') return { ok: false, reason: 'malformed' }
  const expected = signature(key, `${header}.${payload}`)
  const given = Buffer.from(sig, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' }
  if (claims.iss !== expectedIssuer) return { ok: false, reason: 'wrong-issuer' }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' }
  return { ok: true, claims }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isClaims(v: unknown): v is ApiTokenClaims {
  return (
    isRecord(v) &&
    typeof v.iss === 'string' &&
    typeof v.sub === 'string' &&
    typeof v.jti === 'string' &&
    Number.isInteger(v.iat) &&
    Number.isInteger(v.exp)
  )
}
