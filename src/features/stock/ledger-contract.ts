// What the stock ledger is handed and what it answers: the items taken off a shelf (units of a product or variant,
// or a coupon's use), the network taking them, and the change of the record that owns them, which the records
// feature builds (features/records/owner-change.server.ts) and the ledger runs without knowing what it is. No
// statement here names the ledger's rows: stock-ledger.server.ts is the one module that does.
import type { PgExec, Stmt } from '../../cms/sql.server'
import type { ShelfTable } from '../catalogue-rows/catalogue-rows'

/** One thing taken off the shelf: units of a product or variant, or one use of a coupon. */
export interface LedgerItem {
  readonly productId?: number | null
  readonly variantId?: number | null
  readonly couponId?: number | null
  readonly count: number
  /** With a network on the take: the most units of this product that network may hold unpaid, these included. */
  readonly networkCap?: number
}

/** Who takes the units, for the caps on what one network may hold unpaid (ADR 022). */
export interface TakingNetwork {
  /** networkKey of the client address: an IPv4 address or an IPv6 /64. */
  readonly key: string
  /** The most unpaid holds (orders, reservations, finance applications) the network may have open, this one included. */
  readonly maxHolds: number
}

export type HoldState = 'held' | 'sold' | 'released'

/**
 * The change of the record that owns the units (an order's or a reservation's row, with its history and follow-ups),
 * made in the same unit of work as the stock it moves. The records feature builds it (`ownerStatements` in
 * features/records/owner-change.server.ts); the ledger only runs its statements and ANDs its guards into its own,
 * so it never knows what the owner is.
 */
export interface OwnerStatements {
  /** The owner's UPDATE: it changes one row when this call makes the change, none when the owner was not in a state to change from. */
  readonly update: Stmt
  /** The same UPDATE, made only while `also` (SQL over nothing) holds too. */
  readonly updateWhile: (also: Stmt) => Stmt
  /** SQL true while the owner may still be changed (a take's guard, checked before the UPDATE runs); absent when any state will do. */
  readonly changeable?: Stmt
  /** SQL true once the owner is as the change leaves it (the guard of what follows the UPDATE in a SQLite batch). */
  readonly changed: Stmt
  /** What records the change (the owner's history entry and its queued follow-ups), written only when this call made the change. */
  readonly record?: OwnerRecord
}

/**
 * Rows written with an owner's change, all or nothing with it. The ledger places them; what they are is the
 * records feature's. On SQLite, whose batch cannot branch, they come right after the owner's UPDATE (so
 * `changes()` is that UPDATE's) and `guard` is SQL true once they were written, ANDed into what follows; on
 * PostgreSQL they simply run after the owner's UPDATE succeeded, in its transaction.
 */
export interface OwnerRecord {
  readonly sqlite: () => { readonly stmts: readonly Stmt[]; readonly guard: Stmt; readonly then: readonly Stmt[] }
  /** Answers the rows each follow-up statement answered (RETURNING). */
  readonly pg: (exec: PgExec) => Promise<Record<string, unknown>[][]>
}

export type TakeResult = { readonly ok: true; readonly followUps?: readonly Record<string, unknown>[][] } | { readonly ok: false; readonly shortItem: number | null; readonly reason: 'short' | 'owner_changed' | 'network_cap' }

export type MoveResult = {
  readonly ownerChanged: boolean
  readonly rows: number
  /** The rows each of the owner record's follow-up statements answered (RETURNING), when the change was made. */
  readonly followUps?: readonly Record<string, unknown>[][]
}

/** SQL that is always true: the guard where there is no owner to guard by. */
export const ALWAYS: Stmt = { sql: '1 = 1', args: [] }

/** PostgreSQL, in the transaction, after the owner UPDATE changed the row: the owner's record and its follow-ups' rows. */
export function writeRecordPg(exec: PgExec, owner: OwnerStatements): Promise<Record<string, unknown>[][]> {
  return owner.record ? owner.record.pg(exec) : Promise.resolve([])
}

/** SQLite: the owner's record (right after the owner UPDATE) and the guard for what follows, or nothing. */
export function recordSqlite(owner: OwnerStatements | undefined): { stmts: readonly Stmt[]; guard: Stmt | null; then: readonly Stmt[] } {
  return owner?.record ? owner.record.sqlite() : { stmts: [], guard: null, then: [] }
}

/** The row an item moves: a coupon's, or the shelf of a variant or of a product's own stock. */
export function target(item: LedgerItem): { table: ShelfTable | 'coupons'; id: number } {
  if (item.couponId != null) return { table: 'coupons', id: item.couponId }
  if (item.variantId != null) return { table: 'variants', id: item.variantId }
  if (item.productId != null) return { table: 'products', id: item.productId }
  throw new Error('stock ledger: an item needs a product, a variant or a coupon')
}

/** The units an item moves: its whole count, or one use of a coupon. */
export function units(item: LedgerItem): number {
  const n = item.couponId != null ? 1 : Math.floor(item.count)
  if (!(n > 0)) throw new Error('stock ledger: a count must be a positive whole number')
  return n
}
