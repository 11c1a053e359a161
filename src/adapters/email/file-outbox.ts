// The default email carrier: each message becomes a JSON file (and a readable .eml) in the outbox folder, so the shop works offline and tests can read what was sent.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { EmailMessage, EmailSender, SentEmail } from './email-sender'

export interface OutboxEntry extends EmailMessage {
  readonly id: string
  readonly from: string
  readonly sentAt: string
}

export function createFileOutbox(dir: string, defaultFrom: string, now: () => Date = () => new Date()): EmailSender {
  return {
    name: 'outbox',
    async send(message: EmailMessage): Promise<SentEmail> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 })
      const sentAt = now()
      const id = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`
      const entry: OutboxEntry = { ...message, id, from: message.from ?? defaultFrom, sentAt: sentAt.toISOString() }
      const file = path.join(dir, `${id}.json`)
      // Written to a temporary name first so a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, JSON.stringify(entry, null, 2), { mode: 0o600 })
      await fs.rename(`${file}.tmp`, file)
      const eml = [`From: ${entry.from}`, `To: ${entry.to}`, `Subject: ${entry.subject}`, `Date: ${sentAt.toUTCString()}`, ...Object.entries(entry.headers ?? {}).map(([k, v]) => `${k}: ${v}`), 'Content-Type: text/plain; charset=utf-8', '', entry.text, ''].join('\r\n')
      await fs.writeFile(path.join(dir, `${id}.eml`), eml, { mode: 0o600 })
      return { id, location: file }
    },
  }
}

/** Every message in the outbox, oldest first; for tests, the e2e suite and staff debugging. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch {
    return []
  }
  const entries = await Promise.all(
    names.filter((n) => n.endsWith('.json')).sort().map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutboxEntry),
  )
  return entries
}
