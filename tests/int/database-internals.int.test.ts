// Payload's database adapter internals that src/cms/database-internals.ts reads (transactions and their sessions, the
// libsql client, the pg pool): on a Payload upgrade that moves any of them, this fails on the database concerned
// before any checkout, stock hold or booking counter does.
import { describe, expect, it } from 'vitest'
import { beginTransaction, checkDatabaseInternals, commitTransaction, databaseKind, rollbackTransaction } from '../../src/cms/database-internals'
import { execute, readRows } from '../../src/cms/sql.server'
import { db, payload, withTestPayload } from './payload'

withTestPayload(undefined, 600_000)

describe(`Payload's database internals on ${db}`, () => {
  it('are all where the seam reads them', async () => {
    expect(databaseKind(payload)).toBe(db === 'postgres' ? 'postgres' : 'sqlite')
    expect(await checkDatabaseInternals(payload)).toEqual([])
  })

  it("keeps our statements in a transaction's session: rolled back with it, committed with it", async () => {
    await execute(payload, null, { sql: "DELETE FROM booking_days WHERE resource = 'seam-test'", args: [] })
    const id = await beginTransaction(payload)
    if (db === 'sqlite') {
      // SQLite runs without adapter transactions (ADR 017): a statement is its own unit
      expect(id).toBeNull()
      return
    }
    expect(id).not.toBeNull()
    await execute(payload, id, { sql: "INSERT INTO booking_days (resource, day, used_minutes) VALUES ('seam-test', '2030-01-01', 5)", args: [] })
    await rollbackTransaction(payload, id!)
    expect(await readRows(payload, { sql: "SELECT used_minutes FROM booking_days WHERE resource = 'seam-test'", args: [] })).toEqual([])
    const again = (await beginTransaction(payload))!
    await execute(payload, again, { sql: "INSERT INTO booking_days (resource, day, used_minutes) VALUES ('seam-test', '2030-01-01', 7)", args: [] })
    await commitTransaction(payload, again)
    const rows = await readRows(payload, { sql: "SELECT used_minutes FROM booking_days WHERE resource = 'seam-test'", args: [] })
    expect(rows.map((r) => Number(r.used_minutes))).toEqual([7])
    await execute(payload, null, { sql: "DELETE FROM booking_days WHERE resource = 'seam-test'", args: [] })
  })
})
