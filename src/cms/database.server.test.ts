import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { secureSqliteFile } from './database.server'

describe('secureSqliteFile', () => {
  it('creates the SQLite file readable by its owner only, and tightens an existing one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wh-db-'))
    const fresh = path.join(dir, 'nested', 'shop.db')
    secureSqliteFile(`file:${fresh}`)
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o600)
    const old = path.join(dir, 'old.db')
    fs.writeFileSync(old, 'x', { mode: 0o644 })
    fs.chmodSync(old, 0o644)
    fs.writeFileSync(`${old}-wal`, '', { mode: 0o644 })
    fs.chmodSync(`${old}-wal`, 0o644)
    secureSqliteFile(`file:${old}`)
    expect(fs.statSync(old).mode & 0o777).toBe(0o600)
    expect(fs.statSync(`${old}-wal`).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(old, 'utf8')).toBe('x')
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
