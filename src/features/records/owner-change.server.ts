// The change of a record the shop moves through its declared states (an order's, a reservation's or a deal's row), as the statements and guards the stock
// ledger places in its unit of work (OwnerStatements): the ledger moves the units and never learns what the owner
// is. The claim's conditions, the columns it writes and what says it was made are all spelt here, beside the
// history rows and follow-ups (history.server.ts) written with it.
import 'server-only'
import type { Payload } from 'payload'
import { execute, placeholders, type Arg, type Stmt, type TransactionId } from '../../cms/sql.server'
import type { OwnerRecord, OwnerStatements } from '../stock/ledger-contract'

/** The document that owns the units (an order or a reservation) and the change made to it in the same unit of work. */
export interface OwnerChange {
  readonly table: 'orders' | 'reservations' | 'deals'
  readonly id: number
  /** The change is made (and the stock moved) only while the owner is in one of these statuses; omit for any. */
  readonly fromStatuses?: readonly string[]
  readonly status?: string
  readonly stockState?: string
  /** A further column the owner must still have one of these values in (e.g. a finance application's status). */
  readonly alsoWhere?: { readonly column: 'finance_status' | 'certificate_status'; readonly in: readonly string[] }
  /** A column the owner must still have empty (e.g. an order's paid date, so a payment is recorded once). */
  readonly stillNull?: 'payment_paid_at' | 'contact_reminder_sent_at'
  /** Further columns of the owner's row written by the same UPDATE (a paid date, a payment reference). */
  readonly set?: readonly (readonly [column: string, value: Arg])[]
  /**
   * What records the change (the owner's history entry and its queued follow-ups), written in the same unit of
   * work only when this call made the change (history.server.ts builds it).
   */
  readonly record?: OwnerRecord
}

/** The state columns a change writes, each as `column = ?` with its value: SET clauses, or the test that it was made. */
function stateColumns(owner: OwnerChange): { sql: string[]; args: Arg[] } {
  const sql: string[] = []
  const args: Arg[] = []
  if (owner.stockState) {
    sql.push('stock_state = ?')
    args.push(owner.stockState)
  }
  if (owner.status) {
    sql.push('status = ?')
    args.push(owner.status)
  }
  return { sql, args }
}

/** The UPDATE of an owner's row for a change: made only from its statuses (and `alsoWhere`), writing its columns. */
export function ownerUpdateStatement(owner: OwnerChange, also?: Stmt): Stmt {
  const state = stateColumns(owner)
  const sets = [...state.sql]
  const args = [...state.args]
  for (const [column, value] of owner.set ?? []) {
    if (!/^[a-z_]+$/.test(column)) throw new Error(`owner change: bad column name ${column}`)
    sets.push(`"${column}" = ?`)
    args.push(value)
  }
  let where = 'id = ?'
  args.push(owner.id)
  if (owner.fromStatuses?.length) {
    where += ` AND status IN (${placeholders(owner.fromStatuses.length)})`
    args.push(...owner.fromStatuses)
  }
  if (owner.alsoWhere?.in.length) {
    where += ` AND ${owner.alsoWhere.column} IN (${placeholders(owner.alsoWhere.in.length)})`
    args.push(...owner.alsoWhere.in)
  }
  if (owner.stillNull) where += ` AND ${owner.stillNull} IS NULL`
  if (also) {
    where += ` AND ${also.sql}`
    args.push(...also.args)
  }
  return { sql: `UPDATE ${owner.table} SET ${sets.join(', ')} WHERE ${where}`, args }
}

/** SQL that is true once the owner has been changed (used to guard the statements after it in a SQLite batch). */
function ownerChanged(owner: OwnerChange): Stmt {
  const state = stateColumns(owner)
  return { sql: `EXISTS (SELECT 1 FROM ${owner.table} WHERE ${['id = ?', ...state.sql].join(' AND ')})`, args: [owner.id, ...state.args] }
}

/** SQL that is true while the owner may still be changed (a take's guard, checked before the owner update runs); none when any status will do. */
function ownerChangeable(owner: OwnerChange): Stmt | undefined {
  if (!owner.fromStatuses?.length) return undefined
  return { sql: `EXISTS (SELECT 1 FROM ${owner.table} WHERE id = ? AND status IN (${placeholders(owner.fromStatuses.length)}))`, args: [owner.id, ...owner.fromStatuses] }
}

/** An owner's change as the stock ledger takes it: its UPDATE, its guards and its record, built here once. */
export function ownerStatements(owner: OwnerChange): OwnerStatements {
  const changeable = ownerChangeable(owner)
  return {
    update: ownerUpdateStatement(owner),
    updateWhile: (also) => ownerUpdateStatement(owner, also),
    ...(changeable ? { changeable } : {}),
    changed: ownerChanged(owner),
    ...(owner.record ? { record: owner.record } : {}),
  }
}

/**
 * Changes an owner alone (a status claim with no stock movement, no record); true when this call made the change.
 * A change with its record is `recordChange` (history.server.ts).
 */
export async function changeOwner(payload: Payload, transactionID: TransactionId, owner: OwnerChange): Promise<boolean> {
  if (owner.record) throw new Error('owner change: a change with a record is written by recordChange')
  return (await execute(payload, transactionID, ownerUpdateStatement(owner))).rowsAffected === 1
}
