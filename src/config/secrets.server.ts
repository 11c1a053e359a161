// Secrets that must exist even with zero configuration: taken from the environment, else generated once
// and kept in data/secrets.json (in the data folder, DATA_DIR; outside the repository, readable only by the shop's user).
// No 'server-only' import: the Payload CLI (migrations, seed) loads this file outside Next.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { env } from './env'

/** Every generated secret the shop keeps; add a name here to get one more. */
export type SecretName = 'payloadSecret' | 'jwtSigningKey' | 'testGatewayWebhookSecret' | 'financeServicePassword' | 'reservationTokenKey'

type StoredSecrets = Partial<Record<SecretName, string>>

/** Where the generated secrets are kept: secrets.json in the data folder. Backups carry this file (scripts/backup.mjs). */
export function secretsFile(): string {
  return path.join(env().dataDir, 'secrets.json')
}

function readStored(file: string): StoredSecrets {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets
  } catch {
    return {}
  }
}

/**
 * The secret `name`: `fromEnv` when set, else the one stored in data/secrets.json, else a new random one
 * stored there. Several processes may start at once: the file is replaced atomically and re-read, and a
 * lock file makes the read-modify-write of one process at a time.
 */
export function namedSecret(name: SecretName, fromEnv?: string): string {
  if (fromEnv) return fromEnv
  const file = secretsFile()
  const existing = readStored(file)[name]
  if (existing) return existing
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const lock = `${file}.lock`
  for (let attempt = 0; attempt < 200; attempt++) {
    let fd: number | undefined
    try {
      fd = fs.openSync(lock, 'wx', 0o600)
    } catch {
      // Another process holds the lock (or died holding it: a lock older than 10 s is stale).
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 10_000) fs.rmSync(lock, { force: true })
      } catch {
        /* the lock went away meanwhile */
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
      continue
    }
    try {
      const stored = readStored(file)
      const current = stored[name]
      if (current) return current
      const generated = randomBytes(32).toString('hex')
      const tmp = `${file}.${process.pid}.tmp`
      fs.writeFileSync(tmp, JSON.stringify({ ...stored, [name]: generated }, null, 2), { mode: 0o600 })
      fs.renameSync(tmp, file)
      return generated
    } finally {
      fs.closeSync(fd)
      fs.rmSync(lock, { force: true })
    }
  }
  throw new Error(`Could not create ${file}; set the ${name} secret in the environment instead`)
}

export function payloadSecret(fromEnv: string | undefined): string {
  return namedSecret('payloadSecret', fromEnv)
}
