// Issue 24 §2: one module reaches into Payload's database adapter. Any other `payload.db` (or `req.payload.db`) in
// the shop's code fails this, so a Payload upgrade that moves the adapter's internals is a change to one file.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const src = path.resolve(__dirname, '..')
const SEAM = path.join('cms', 'database-internals.ts')

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'migrations' ? [] : files(full)
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : []
  })
}

describe('the database seam', () => {
  it('is the only module that touches payload.db', () => {
    const offenders = files(src)
      .filter((f) => path.relative(src, f) !== SEAM)
      .filter((f) => /\bpayload\??\.db\b/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f))
    expect(offenders).toEqual([])
  })

  it('finds payload.db in the seam itself (the check reads the files it means to)', () => {
    expect(fs.readFileSync(path.join(src, SEAM), 'utf8')).toMatch(/\bpayload\.db\b/)
  })
})
