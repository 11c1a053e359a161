import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseFromAddress } from './email-sender'
import { createFileOutbox, readOutbox } from './file-outbox'

describe('file outbox', () => {
  it('writes each message as JSON and .eml and reads them back in order', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
    let t = Date.parse('2026-11-22T10:00:00Z')
    const outbox = createFileOutbox(dir, 'Wheelhouse <shop@wheelhouse.local>', () => new Date((t += 1000)))
    await outbox.send({ to: 'a@example.com', subject: 'First', text: 'one', tag: 'order-confirmation' })
    await outbox.send({ to: 'b@example.com', subject: 'Second', text: 'two' })
    const entries = await readOutbox(dir)
    expect(entries.map((e) => [e.to, e.subject, e.tag])).toEqual([
      ['a@example.com', 'First', 'order-confirmation'],
      ['b@example.com', 'Second', undefined],
    ])
    expect(entries[0]!.from).toBe('Wheelhouse <shop@wheelhouse.local>')
    const files = await fs.readdir(dir)
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2)
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false)
  })

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(path.join(os.tmpdir(), 'no-such-outbox-' + Date.now()))).toEqual([])
  })

  it('splits a From header into name and address', () => {
    expect(parseFromAddress('Wheelhouse <shop@x.co.uk>')).toEqual({ name: 'Wheelhouse', address: 'shop@x.co.uk' })
    expect(parseFromAddress('shop@x.co.uk')).toEqual({ name: '', address: 'shop@x.co.uk' })
  })
})
