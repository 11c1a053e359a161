// Compact JWTs signed with HMAC-SHA256 (RFC 7519/7515), through `jose`: the API tokens of spec §7.
// The wire format is the WordPress jwt-auth plugin's, byte for byte: header {"alg":"HS256","typ":"JWT"}, then the
// claims in the order iss, sub, jti, iat, exp (jose serialises the payload object as given).
import { errors, jwtVerify, SignJWT } from 'jose'

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

const encoder = new TextEncoder()

export function signJwt(claims: ApiTokenClaims, key: string): Promise<string> {
  const { iss, sub, jti, iat, exp } = claims
  return new SignJWT({ iss, sub, jti, iat, exp }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(key))
}

export type JwtCheck =
  | { readonly ok: true; readonly claims: ApiTokenClaims }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired' | 'wrong-issuer' }

/** Verifies signature, algorithm (HS256 only: "none" and others are refused), issuer and expiry. */
export async function verifyJwt(token: string, key: string, expectedIssuer: string, nowSeconds: number): Promise<JwtCheck> {
  if (token.length > 4096) return { ok: false, reason: 'malformed' }
  try {
    // jose checks the signature and the algorithm, then expiry (expired from the exp second on, as before).
    const { payload } = await jwtVerify(token, encoder.encode(key), {
      algorithms: ['HS256'],
      currentDate: new Date(nowSeconds * 1000),
      clockTolerance: 0,
    })
    if (!isClaims(payload)) return { ok: false, reason: 'malformed' }
    const { iss, sub, jti, iat, exp } = payload
    if (iss !== expectedIssuer) return { ok: false, reason: 'wrong-issuer' }
    return { ok: true, claims: { iss, sub, jti, iat, exp } }
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'bad-signature' }
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'malformed' }
  }
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
