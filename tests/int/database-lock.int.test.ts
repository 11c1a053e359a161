// withDatabaseLock (src/cms/sql.server.ts) under many callers at once: on PostgreSQL each holder keeps one pool
// connection for its lock while its work takes others. Sixteen card checkouts at once (each starting its payment under
// such a lock) once took every connection of the pool for locks and then waited for ever for one more. Here 24
// holders whose work needs a connection of its own all finish, and holders of one key never overlap.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRows, withDatabaseLock } from '../../src/cms/sql.server'
import { testPayload } from './payload'

let payload: Payload
const db = process.env.TEST_DB ?? 'sqlite'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  payload = await testPayload()
}, 600_000)

afterAll(async () => {
  await payload?.destroy()
})

describe(`database locks on ${db}`, () => {
  it('lets far more holders than the pool has connections finish, each reading on a connection of its own', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        withDatabaseLock(payload, `lock-test:${i}`, async () => {
          await sleep(20)
          const [row] = await readRows(payload, { sql: 'SELECT 1 AS one', args: [] })
          return Number(row?.one)
        }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 24 }, () => 1))
  }, 30_000)

  // SQLite is one process (ADR 008): its callers take turns in process (test-gateway's keyed lock), not in the database.
  if (db === 'postgres') {
    it('runs the holders of one key one at a time', async () => {
      let inside = 0
      let most = 0
      let done = 0
      await Promise.all(
        Array.from({ length: 6 }, () =>
          withDatabaseLock(payload, 'lock-test:same', async () => {
            inside += 1
            most = Math.max(most, inside)
            await sleep(15)
            await readRows(payload, { sql: 'SELECT 1 AS one', args: [] })
            inside -= 1
            done += 1
          }),
        ),
      )
      expect({ most, done }).toEqual({ most: 1, done: 6 })
    }, 30_000)
  }
})
