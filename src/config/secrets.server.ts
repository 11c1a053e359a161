// Secrets that must exist even with zero configuration: taken from the environment, else generated once
// and kept in data/secrets.json (outside the repository, readable only by the shop's user).
// No 'server-only' import: the Payload CLI (migrations, seed) loads this file outside Next.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

interface StoredSecrets {
  payloadSecret: string
}

function secretsFile(): string {
  return path.join(process.cwd(), 'data', 'secrets.json')
}

function readStored(file: string): StoredSecrets | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets
  } catch {
    return undefined
  }
}

export function payloadSecret(fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv
  const file = secretsFile()
  const existing = readStored(file)
  if (existing?.payloadSecret) return existing.payloadSecret
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const generated: StoredSecrets = { payloadSecret: randomBytes(32).toString('hex') }
  try {
    // 'wx' fails if another process won the race; then its secret is the one to use.
    fs.writeFileSync(file, JSON.stringify(generated, null, 2), { flag: 'wx', mode: 0o600 })
    return generated.payloadSecret
  } catch {
    const winner = readStored(file)
    if (winner?.payloadSecret) return winner.payloadSecret
    throw new Error(`Could not create ${file}; set PAYLOAD_SECRET instead`)
  }
}
