// The file outbox the shop's email sender writes to when no mail service is set (src/adapters/email/file-outbox.ts),
// in a fresh folder of the test file's own: OUTBOX_DIR is set when this is called, so call it before the shop's
// code first sends.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { readOutbox, type OutboxEntry } from '../../src/adapters/email/file-outbox'

export function fileOutbox(name: string): { readonly dir: string; readonly read: () => Promise<OutboxEntry[]>; readonly remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-${name}-outbox-`))
  process.env.OUTBOX_DIR = dir
  const remove = () => fs.rmSync(dir, { recursive: true, force: true })
  // Gone after the file (or the block that made it), whether or not the file removes it itself.
  afterAll(remove)
  return { dir, read: () => readOutbox(dir), remove }
}
