import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { sqliteLockFile, withReleaseLock } from './release-lock'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-lock-'))
const database = { kind: 'sqlite' as const, url: `file:${path.join(dir, 'shop.db')}` }
afterEach(() => fs.rmSync(sqliteLockFile(database), { force: true }))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('withReleaseLock on SQLite (a lock file)', () => {
  it('lets one holder in at a time and removes its file afterwards', async () => {
    const order: string[] = []
    let waits = 0
    const hold = (name: string) => withReleaseLock(database, async () => {
      order.push(`${name} in`)
      await new Promise((r) => setTimeout(r, 300))
      order.push(`${name} out`)
    }, { onWait: () => waits++ })
    await Promise.all([hold('a'), hold('b')])
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out'])
    expect(waits).toBe(1)
    expect(fs.existsSync(sqliteLockFile(database))).toBe(false)
  })
  it('takes over a lock whose process is gone, and releases the lock when the work throws', async () => {
    fs.writeFileSync(sqliteLockFile(database), '999999999 0 0') // no such process
    await expect(withReleaseLock(database, async () => { throw new Error('build failed') })).rejects.toThrow('build failed')
    expect(fs.existsSync(sqliteLockFile(database))).toBe(false)
  })
  it('gives up after its timeout while a live process holds the lock', async () => {
    fs.writeFileSync(sqliteLockFile(database), `${process.pid} 0 0`)
    await expect(withReleaseLock(database, async () => 1, { timeoutMs: 300 })).rejects.toThrow(/another release \(process \d+\) has held/)
  })
  it('makes the database directory of a fresh checkout (no data/ yet)', async () => {
    const fresh = { kind: 'sqlite' as const, url: `file:${path.join(dir, 'fresh', 'data', 'shop.db')}` }
    await expect(withReleaseLock(fresh, async () => 'released')).resolves.toBe('released')
    expect(fs.existsSync(path.join(dir, 'fresh', 'data'))).toBe(true)
  })
})
