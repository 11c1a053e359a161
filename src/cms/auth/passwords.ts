// Password hashing (ADR 006): argon2id is the only real password hash. Payload's own PBKDF2 hash is kept
// only of a value derived from the argon2id hash, so Payload's login and sessions keep working while a
// stolen database offers nothing cheaper to attack than argon2id.
// No 'server-only' import: Payload hooks load this outside Next too (migrations, seed).
import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id settings (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane; about 40 ms here. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

export async function hashPassword(plain: string): Promise<string> {
  // @node-rs/argon2 uses argon2id unless told otherwise; the PHC string records the algorithm and settings.
  return hash(plain, ARGON2_OPTIONS)
}

export async function verifyPassword(phc: string, plain: string): Promise<boolean> {
  if (!phc.startsWith('$argon2id$')) return false
  try {
    return await verify(phc, plain)
  } catch {
    return false
  }
}

/** A real argon2id hash of a random value: verifying against it costs what a real check costs, so a missing account takes as long as a wrong password. */
let dummy: Promise<string> | undefined
export async function spendVerificationTime(plain: string): Promise<void> {
  dummy ??= hashPassword(`no-such-account-${Date.now()}-${Math.random()}`)
  await verifyPassword(await dummy, plain)
}

/**
 * What Payload is given as "the password" once argon2id has accepted the real one: a digest of the stored
 * argon2id hash. Knowing it does not help an attacker: every login path replaces what the client sends
 * with this value only after argon2id has verified the real password.
 */
export function payloadPasswordFor(phc: string): string {
  return `argon2id-bound:${createHash('sha256').update(phc).digest('hex')}`
}

/** Verifies a password against a hash Payload wrote itself (accounts created before ADR 006), so they can be moved to argon2id. */
export async function verifyPayloadHash(user: { hash?: unknown; salt?: unknown }, plain: string): Promise<boolean> {
  if (typeof user.hash !== 'string' || typeof user.salt !== 'string') return false
  const current = user.hash.startsWith('pbkdf2-sha256-v1:')
  const stored = Buffer.from(current ? user.hash.slice('pbkdf2-sha256-v1:'.length) : user.hash, 'hex')
  const iterations = current ? 600_000 : 25_000
  const keyLength = current ? 32 : 512
  const computed = await new Promise<Buffer>((resolve, reject) =>
    pbkdf2(plain, user.salt as string, iterations, keyLength, 'sha256', (err, out) => (err ? reject(err) : resolve(out))),
  )
  return computed.length === stored.length && timingSafeEqual(computed, stored)
}
