// The known-device cookie's signed token: `<base64url JSON>.<base64url HMAC-SHA256>`, under a key derived from the
// Payload secret and its purpose. It is read on every sign-in, synchronously, and never leaves the browser it was set
// in; the links a customer clicks are signed by signed-links.ts instead (ADR 058).
// No 'server-only' import: Payload hooks and integration tests load this outside Next.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '../../config/env'
import { payloadSecret } from '../../config/secrets.server'

export type TokenPurpose = 'known-device'

function derivedKey(purpose: TokenPurpose, secret: string): Buffer {
  return createHmac('sha256', secret).update(`wheelhouse:${purpose}:v1`).digest()
}

function defaultSecret(): string {
  return payloadSecret(env().PAYLOAD_SECRET)
}

export function signToken(purpose: TokenPurpose, claims: Record<string, unknown>, secret = defaultSecret()): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  const mac = createHmac('sha256', derivedKey(purpose, secret)).update(body).digest('base64url')
  return `${body}.${mac}`
}

/** The claims of a token signed for `purpose`, or null when it is malformed or its signature is wrong. */
export function readToken(purpose: TokenPurpose, token: string, secret = defaultSecret()): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 2048) return null
  const parts = token.split('.')
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null
  const expected = createHmac('sha256', derivedKey(purpose, secret)).update(parts[0]).digest()
  const given = Buffer.from(parts[1], 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}
