// A record's history entry and the follow-up work queued with it (an email job), written in one unit of work with
// the change of the record's row, and with the stock it moves when there is any: the stock ledger places these rows
// (OwnerRecord) but only this module knows what they are. A change that moves no stock is written here alone.
import 'server-only'
import type { Payload } from 'payload'
import { execute, isPostgres, pgUnit, placeholders, sqliteBatch, type Arg, type PgExec, type Stmt, type TransactionId } from '../../cms/sql.server'
import type { MoveResult, OwnerRecord } from '../stock/ledger-contract'
import { ownerUpdateStatement, type OwnerChange } from './owner-change.server'

/**
 * The row that records a change (a new row of the owner's history array table) and the statements that must
 * follow it. Its fresh `id` marks the change: on SQLite the row is inserted only if the owner's UPDATE just before
 * it changed a row (`changes() = 1`), and every follow-up is guarded by the row's existence.
 */
export interface ChangeRecord {
  readonly table: string
  readonly id: string
  readonly columns: readonly string[]
  readonly values: readonly Arg[]
  /**
   * Statements made with the change. `when` is SQL that is true once the change is made, to AND into each
   * statement (SQLite's batch); null on PostgreSQL, where they run only after the change was made.
   */
  readonly then?: (when: Stmt | null) => readonly Stmt[]
}

/**
 * The row's INSERT (an array row appended after the owner's last one). With `when` (SQLite's batch) it is made
 * only where `when` holds; without (PostgreSQL, after the owner UPDATE succeeded) it is a plain VALUES, whose
 * parameters take their types from the columns.
 */
function recordInsert(ownerId: number, record: ChangeRecord, when: Stmt | null): Stmt {
  for (const column of [record.table, ...record.columns]) if (!/^[a-z_]+$/.test(column)) throw new Error(`record history: bad name ${column}`)
  const next = `(SELECT COALESCE(MAX("_order"), 0) + 1 FROM "${record.table}" WHERE "_parent_id" = ?)`
  const head = `INSERT INTO "${record.table}" ("_order", "_parent_id", "id", ${record.columns.map((c) => `"${c}"`).join(', ')})`
  const values = `${next}, ?, ?, ${placeholders(record.columns.length)}`
  const args = [ownerId, ownerId, record.id, ...record.values]
  return when ? { sql: `${head} SELECT ${values} WHERE ${when.sql}`, args: [...args, ...when.args] } : { sql: `${head} VALUES (${values})`, args }
}

/** SQL that is true once the record of this change exists (the guard of everything after it in a SQLite batch). */
function recorded(record: ChangeRecord): Stmt {
  return { sql: `EXISTS (SELECT 1 FROM "${record.table}" WHERE "id" = ?)`, args: [record.id] }
}

/** The rows the ledger writes with an owner's change: its history row, then the follow-ups. */
export function historyRows(ownerId: number, record: ChangeRecord): OwnerRecord {
  return {
    sqlite: () => ({ stmts: [recordInsert(ownerId, record, { sql: 'changes() = 1', args: [] })], guard: recorded(record), then: [...(record.then?.(recorded(record)) ?? [])] }),
    pg: async (exec: PgExec) => {
      await exec(recordInsert(ownerId, record, null))
      const rows: Record<string, unknown>[][] = []
      for (const stmt of record.then?.(null) ?? []) rows.push((await exec(stmt)).rows)
      return rows
    },
  }
}

/** An owner's change with its record and follow-ups and no stock, all or nothing; answers the follow-ups' rows too. */
export async function recordChange(payload: Payload, transactionID: TransactionId, owner: OwnerChange): Promise<MoveResult> {
  const update = ownerUpdateStatement(owner)
  const record = owner.record
  if (!record) return { ownerChanged: (await execute(payload, transactionID, update)).rowsAffected === 1, rows: 0 }
  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      if ((await exec(update)).rowCount !== 1) return { ownerChanged: false, rows: 0 }
      return { ownerChanged: true, rows: 0, followUps: await record.pg(exec) }
    })
  }
  const rows = record.sqlite()
  const results = await sqliteBatch(payload, [update, ...rows.stmts, ...rows.then])
  return { ownerChanged: results[0]!.rowsAffected === 1, rows: 0, followUps: results.slice(1 + rows.stmts.length).map((r) => r.rows) }
}
