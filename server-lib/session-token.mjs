// The admin session token (Payload's `payload-token` cookie, or an `Authorization: JWT …` header), verified at the
// edge so that a token nobody signed is refused with a 401 before Payload's admin server function, which answers one
// with a 500 and a logged stack. Payload signs it HS256 with a key it derives from PAYLOAD_SECRET (the first 32 hex
// characters of its SHA-256); `payloadSigningKey` derives the same key, and an integration test compares it with the
// running Payload's own, so an upgrade that changes the derivation fails a test rather than the admin.
import crypto from 'node:crypto'

/** The HS256 key Payload signs its session tokens with, from the shop's PAYLOAD_SECRET. */
export function payloadSigningKey(secret) {
  return crypto.createHash('sha256').update(secret).digest('hex').slice(0, 32)
}

function decodePart(part) {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/**
 * The claims of a session token: `{ claims, verified }`, or null when it is no JWT. With a `key`, `verified` says
 * whether its HS256 signature is the key's and it has not expired (`now` in seconds); without one it is false.
 */
export function readSessionToken(token, key, now = Math.floor(Date.now() / 1000)) {
  const parts = typeof token === 'string' ? token.split('.') : []
  if (parts.length !== 3) return null
  const header = decodePart(parts[0])
  const claims = decodePart(parts[1])
  if (!header || !claims) return null
  if (!key || header.alg !== 'HS256') return { claims, verified: false }
  const expected = crypto.createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest()
  const given = Buffer.from(parts[2], 'base64url')
  const signed = given.length === expected.length && crypto.timingSafeEqual(given, expected)
  const current = typeof claims.exp !== 'number' || claims.exp > now
  return { claims, verified: signed && current }
}
