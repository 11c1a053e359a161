// One module reaches into Payload's database adapter. Any other `payload.db` (or `req.payload.db`) in
// the shop's code fails this, so a Payload upgrade that moves the adapter's internals is a change to one file.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesMatching, SRC } from '../../tests/fixtures/source-files'

const SEAM = path.join('cms', 'database-internals.ts')

describe('the database seam', () => {
  it('is the only module that touches payload.db', () => {
    expect(filesMatching(/\bpayload\??\.db\b/).filter((f) => f !== SEAM)).toEqual([])
  })

  it('finds payload.db in the seam itself (the check reads the files it means to)', () => {
    expect(fs.readFileSync(path.join(SRC, SEAM), 'utf8')).toMatch(/\bpayload\.db\b/)
  })
})
