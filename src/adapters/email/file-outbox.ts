// The default email carrier: each message becomes a JSON file in the outbox folder, so the shop works offline and tests
// can read what was sent, and an .eml beside it: the whole message as SMTP would send it (text and HTML parts,
// attachments), which any mail program opens.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { EmailMessage, EmailSender, SentEmail } from './email-sender'
import { rawMessage } from './mail-options'

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
      const stamp = sentAt.toISOString().replace(/[:.]/g, '-')
      // A keyed message has one file whatever the time: a second send of it finds the file and stops.
      const id = message.idempotencyKey ? `k-${createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32)}` : `${stamp}-${randomUUID().slice(0, 8)}`
      const entry: OutboxEntry = { ...message, id, from: message.from ?? defaultFrom, sentAt: sentAt.toISOString() }
      const file = path.join(dir, `${id}.json`)
      // Written to a temporary name first so a reader never sees half a message; a keyed one is then linked
      // to its name, which fails if a send of it got there first (atomic, and safe against a crash between).
      const tmp = `${file}.${randomUUID().slice(0, 8)}.tmp`
      await fs.writeFile(tmp, JSON.stringify(entry, null, 2), { mode: 0o600 })
      if (message.idempotencyKey) {
        try {
          await fs.link(tmp, file)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
          await fs.unlink(tmp)
          return { id, location: file }
        }
        await fs.unlink(tmp)
      } else {
        await fs.rename(tmp, file)
      }
      await fs.writeFile(path.join(dir, `${id}.eml`), await rawMessage(message, defaultFrom, sentAt), { mode: 0o600 })
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
    names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutboxEntry),
  )
  // Oldest first by the time each was sent (a keyed message's file is named by its key, not its time).
  return entries.sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id))
}
