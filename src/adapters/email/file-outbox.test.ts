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

  it('writes the .eml SMTP would send: the text and HTML parts and the attachments', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
    const outbox = createFileOutbox(dir, 'Wheelhouse <shop@wheelhouse.local>')
    const sent = await outbox.send({
      to: 'a@example.com',
      subject: 'Your booking £49.99',
      text: 'Plain words £49.99',
      html: '<p>Rich <b>words</b> £49.99</p>',
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }],
      idempotencyKey: 'booking-1',
    })
    const eml = await fs.readFile(sent.location.replace(/\.json$/, '.eml'), 'utf8')
    expect(eml).toMatch(/^Content-Type: multipart\/mixed/m)
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m)
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8/m)
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8/m)
    expect(eml).toMatch(/^Content-Type: text\/calendar; charset=utf-8; name=booking\.ics/m)
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m)
    expect(eml).toMatch(/^Message-ID: <[0-9a-f]{32}@wheelhouse\.local>/m)
    expect(eml).toContain('Plain words =C2=A349.99')
  })

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(path.join(os.tmpdir(), 'no-such-outbox-' + Date.now()))).toEqual([])
  })

  it('splits a From header into name and address', () => {
    expect(parseFromAddress('Wheelhouse <shop@x.co.uk>')).toEqual({ name: 'Wheelhouse', address: 'shop@x.co.uk' })
    expect(parseFromAddress('shop@x.co.uk')).toEqual({ name: '', address: 'shop@x.co.uk' })
  })
})
