// Bearer tokens of the spec §7 API: HS256 JWTs with an expiry, each recorded by its id (jti) in api-tokens so that
// signing out revokes it. The key is JWT_SECRET, else one generated on first run and kept in data/secrets.json.
// No 'server-only' import: integration tests call this with their own Payload instance.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { namedSecret } from '../../config/secrets.server'
import { signJwt, verifyJwt, type ApiTokenClaims } from '../../lib/jwt-hs256'
import type { User } from '../../payload-types'

/** Seven days, as the original jwt-auth backend gave; the customer signs in again after that. */
export const API_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60

export interface TokenOptions {
  key?: string
  issuer?: string
  now?: Date
  ttlSeconds?: number
}

function signingKey(): string {
  return namedSecret('jwtSigningKey', env().JWT_SECRET)
}

function issuer(): string {
  return new URL(env().SITE_URL).origin
}

export async function issueApiToken(payload: Payload, userId: number, options: TokenOptions = {}): Promise<{ token: string; claims: ApiTokenClaims }> {
  const now = options.now ?? new Date()
  const iat = Math.floor(now.getTime() / 1000)
  const claims: ApiTokenClaims = {
    iss: options.issuer ?? issuer(),
    sub: String(userId),
    jti: randomUUID(),
    iat,
    exp: iat + (options.ttlSeconds ?? API_TOKEN_TTL_SECONDS),
  }
  await payload.create({
    collection: 'api-tokens',
    data: { jti: claims.jti, user: userId, expiresAt: new Date(claims.exp * 1000).toISOString() },
    overrideAccess: true,
    depth: 0,
  })
  return { token: await signJwt(claims, options.key ?? signingKey()), claims }
}

export type BearerCheck =
  | { readonly status: 'missing' }
  | { readonly status: 'invalid'; readonly code: string; readonly message: string }
  | { readonly status: 'valid'; readonly user: User; readonly claims: ApiTokenClaims; readonly tokenRowId: number }

/** `Authorization: Bearer <token>` → the token's owner, if the token is well formed, signed by us, unexpired, unrevoked and its user still exists. */
export async function checkBearer(payload: Payload, headers: Headers, options: TokenOptions = {}): Promise<BearerCheck> {
  const header = headers.get('authorization')
  if (!header) return { status: 'missing' }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) return { status: 'invalid', code: 'jwt_auth_bad_auth_header', message: 'Authorization header malformed.' }
  const now = options.now ?? new Date()
  const result = await verifyJwt(match[1]!, options.key ?? signingKey(), options.issuer ?? issuer(), Math.floor(now.getTime() / 1000))
  if (!result.ok) {
    return result.reason === 'expired'
      ? { status: 'invalid', code: 'jwt_auth_expired_token', message: 'Expired token.' }
      : { status: 'invalid', code: 'jwt_auth_invalid_token', message: 'Invalid token.' }
  }
  const rows = await payload.find({ collection: 'api-tokens', where: { jti: { equals: result.claims.jti } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  const row = rows.docs[0]
  const owner = row ? (typeof row.user === 'number' ? row.user : row.user.id) : undefined
  if (!row || String(owner) !== result.claims.sub) return { status: 'invalid', code: 'jwt_auth_invalid_token', message: 'Invalid token.' }
  if (row.revokedAt) return { status: 'invalid', code: 'jwt_auth_revoked_token', message: 'This token has been revoked.' }
  const user = await payload.findByID({ collection: 'users', id: owner!, depth: 0, overrideAccess: true, disableErrors: true })
  if (!user) return { status: 'invalid', code: 'jwt_auth_invalid_token', message: 'Invalid token.' }
  return { status: 'valid', user: user as User, claims: result.claims, tokenRowId: row.id as number }
}

export async function revokeApiToken(payload: Payload, tokenRowId: number, now = new Date()): Promise<void> {
  await payload.update({ collection: 'api-tokens', id: tokenRowId, data: { revokedAt: now.toISOString() }, overrideAccess: true, depth: 0 })
}
