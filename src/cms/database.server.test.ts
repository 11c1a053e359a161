import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { answerOnTheNextTurn, secureSqliteFile } from './database.server'

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

describe('answerOnTheNextTurn', () => {
  // A driver like SQLite's: the work is done inside the call and the promise is already settled.
  const syncDriver = () => ({
    execute: async (sql: unknown) => {
      if (sql === 'bad') throw new Error('syntax error')
      return { rows: [sql] }
    },
    batch: async (stmts: unknown) => ({ count: (stmts as unknown[]).length }),
  })

  const order = async (client: ReturnType<typeof syncDriver>, call: () => Promise<unknown>) => {
    const seen: string[] = []
    const answered = call().then(
      () => seen.push('answer'),
      () => seen.push('error'),
    )
    setImmediate(() => seen.push('other request'))
    await answered
    await new Promise((resolve) => setImmediate(resolve))
    return seen
  }

  it('without it, a statement answers before anything else waiting on the loop is served', async () => {
    const client = syncDriver()
    expect(await order(client, () => client.execute('select 1'))).toEqual(['answer', 'other request'])
  })

  it('lets what waits on the loop run before each answer and each error, for statements and batches', async () => {
    const client = syncDriver()
    answerOnTheNextTurn(client as never)
    answerOnTheNextTurn(client as never)
    expect(await order(client, () => client.execute('select 1'))).toEqual(['other request', 'answer'])
    expect(await order(client, () => client.batch(['a', 'b']))).toEqual(['other request', 'answer'])
    expect(await order(client, () => client.execute('bad'))).toEqual(['other request', 'error'])
    await expect(client.execute('select 2')).resolves.toEqual({ rows: ['select 2'] })
    await expect(client.batch(['a', 'b', 'c'])).resolves.toEqual({ count: 3 })
    await expect(client.execute('bad')).rejects.toThrow('syntax error')
  })
})
