// The stock ledger (ADR 007): stock, coupon uses and the ledger rows that say who holds them move together
// in one atomic unit of work, on SQLite and on PostgreSQL alike, so a process killed at any point leaves
// `initial stock = on the shelf + held + sold` true.
//
// SQLite: one libsql batch (BEGIN IMMEDIATE … COMMIT). The local driver runs a batch synchronously on the
// shop's one connection, so nothing else in the process interleaves with it, and SQLite makes it atomic on
// disk. A batch cannot branch, so a shortfall aborts it from inside: the ledger row's count is written as
// `CASE WHEN <enough left> THEN n END`, and a NULL count violates NOT NULL, which rolls the batch back.
// PostgreSQL: one transaction (the caller's, or our own), with conditional UPDATEs that lock the rows they
// change and are checked before the next statement runs.
import 'server-only'
import type { Payload } from 'payload'
import { Abort, execute, isPostgres, pgUnit, placeholders, readRows, sqliteBatch, type Arg, type PgExec, type Stmt, type TransactionId } from '../../cms/sql.server'

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

/** The document that owns the units (an order or a reservation) and the change made to it in the same unit of work. */
export interface OwnerChange {
  readonly table: 'orders' | 'reservations'
  readonly id: number
  /** The change is made (and the stock moved) only while the owner is in one of these statuses; omit for any. */
  readonly fromStatuses?: readonly string[]
  readonly status?: string
  readonly stockState?: string
  /** A further column the owner must still have one of these values in (e.g. a finance application's status). */
  readonly alsoWhere?: { readonly column: 'finance_status' | 'certificate_status'; readonly in: readonly string[] }
  /** A column the owner must still have empty (e.g. an order's paid date, so a payment is recorded once). */
  readonly stillNull?: 'payment_paid_at'
  /** Further columns of the owner's row written by the same UPDATE (a paid date, a payment reference). */
  readonly set?: readonly (readonly [column: string, value: Arg])[]
  /**
   * What records the change (the owner's history entry and its queued follow-ups), written in the same unit of
   * work only when this call made the change. The records feature builds it (features/records/history.server.ts).
   */
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

/* ------------------------------------------------------------------------------------------------ */
/* Statements                                                                                        */

/** The UPDATE of an owner's row for a change: made only from its statuses (and `alsoWhere`), writing its columns. */
export function ownerUpdateStatement(owner: OwnerChange, also?: Stmt): Stmt {
  const sets: string[] = []
  const args: Arg[] = []
  if (owner.stockState) {
    sets.push('stock_state = ?')
    args.push(owner.stockState)
  }
  if (owner.status) {
    sets.push('status = ?')
    args.push(owner.status)
  }
  for (const [column, value] of owner.set ?? []) {
    if (!/^[a-z_]+$/.test(column)) throw new Error(`stock ledger: bad column name ${column}`)
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
function ownerChanged(owner: OwnerChange | undefined): Stmt {
  if (!owner) return { sql: '1 = 1', args: [] }
  const conditions = ['id = ?']
  const args: Arg[] = [owner.id]
  if (owner.status) {
    conditions.push('status = ?')
    args.push(owner.status)
  }
  if (owner.stockState) {
    conditions.push('stock_state = ?')
    args.push(owner.stockState)
  }
  return { sql: `EXISTS (SELECT 1 FROM ${owner.table} WHERE ${conditions.join(' AND ')})`, args }
}

/** PostgreSQL, in the transaction, after the owner UPDATE changed the row: the owner's record and its follow-ups' rows. */
function writeRecordPg(exec: PgExec, owner: OwnerChange): Promise<Record<string, unknown>[][]> {
  return owner.record ? owner.record.pg(exec) : Promise.resolve([])
}

/** SQLite: the owner's record (right after the owner UPDATE) and the guard for what follows, or nothing. */
function recordSqlite(owner: OwnerChange | undefined): { stmts: readonly Stmt[]; guard: Stmt | null; then: readonly Stmt[] } {
  return owner?.record ? owner.record.sqlite() : { stmts: [], guard: null, then: [] }
}

/**
 * Changes an owner alone (a status claim with no stock movement, no record); true when this call made the change.
 * A change with its record is the records feature's `recordChange` (features/records/history.server.ts).
 */
export async function changeOwner(payload: Payload, transactionID: TransactionId, owner: OwnerChange): Promise<boolean> {
  if (owner.record) throw new Error('stock ledger: an owner change with a record is written by the records feature')
  return (await execute(payload, transactionID, ownerUpdateStatement(owner))).rowsAffected === 1
}

/** The ledger ref of an order's units. */
export const orderStockRef = (orderId: number) => `order:${orderId}`

/** SQL that is true while the owner may still be changed (a take's guard, checked before the owner update runs). */
function ownerChangeable(owner: OwnerChange | undefined): Stmt {
  if (!owner?.fromStatuses?.length) return { sql: '1 = 1', args: [] }
  return { sql: `EXISTS (SELECT 1 FROM ${owner.table} WHERE id = ? AND status IN (${placeholders(owner.fromStatuses.length)}))`, args: [owner.id, ...owner.fromStatuses] }
}

function target(item: LedgerItem): { table: 'products' | 'variants' | 'coupons'; id: number } {
  if (item.couponId != null) return { table: 'coupons', id: item.couponId }
  if (item.variantId != null) return { table: 'variants', id: item.variantId }
  if (item.productId != null) return { table: 'products', id: item.productId }
  throw new Error('stock ledger: an item needs a product, a variant or a coupon')
}

function insertHold(ref: string, item: LedgerItem, state: HoldState, now: string, countSql: string, countArgs: readonly Arg[], network: TakingNetwork | undefined): Stmt {
  return {
    sql: `INSERT INTO stock_holds (ref, product_id, variant_id, coupon_id, count, state, hold_client, created_at, updated_at) VALUES (?, ?, ?, ?, ${countSql}, ?, ?, ?, ?)`,
    args: [ref, item.couponId != null ? null : (item.productId ?? null), item.couponId != null ? null : (item.variantId ?? null), item.couponId ?? null, ...countArgs, state, network?.key ?? null, now, now],
  }
}

// A held ledger row whose owner has not been paid for: a card order awaiting payment, a finance application
// not yet decided, a reservation whose deposit is unpaid. Paid and decided holds are not the network's to count.
const UNPAID_OWNER = `(
  EXISTS (SELECT 1 FROM orders o WHERE o.id = (CASE WHEN h.ref LIKE 'order:%' THEN CAST(substr(h.ref, 7) AS INTEGER) END)
          AND (o.status = 'awaiting_payment' OR (o.kind = 'finance' AND o.finance_status = 'submitted')))
  OR EXISTS (SELECT 1 FROM reservations r WHERE r.id = (CASE WHEN h.ref LIKE 'reservation:%' THEN CAST(substr(h.ref, 13) AS INTEGER) END)
          AND r.status = 'awaiting_payment')
)`

/** SQL true while the network may take `n` more units of the item's product under `ref` (checked per item, before it is taken). */
function withinNetworkCaps(ref: string, item: LedgerItem, n: number, network: TakingNetwork | undefined): Stmt {
  if (!network || item.couponId != null || item.productId == null) return { sql: '1 = 1', args: [] }
  const held = `FROM stock_holds h WHERE h.state = 'held' AND h.hold_client = ? AND ${UNPAID_OWNER}`
  const holds: Stmt = { sql: `(SELECT count(DISTINCT h.ref) ${held} AND h.ref <> ?) < ?`, args: [network.key, ref, network.maxHolds] }
  if (item.networkCap == null) return holds
  return {
    sql: `${holds.sql} AND (SELECT COALESCE(SUM(h.count), 0) ${held} AND h.product_id = ?) + ? <= ?`,
    args: [...holds.args, network.key, item.productId, n, item.networkCap],
  }
}

function units(item: LedgerItem): number {
  const n = item.couponId != null ? 1 : Math.floor(item.count)
  if (!(n > 0)) throw new Error('stock ledger: a count must be a positive whole number')
  return n
}

/* ------------------------------------------------------------------------------------------------ */
/* Operations                                                                                        */

export type TakeResult = { readonly ok: true; readonly followUps?: readonly Record<string, unknown>[][] } | { readonly ok: false; readonly shortItem: number | null; readonly reason: 'short' | 'owner_changed' | 'network_cap' }

/**
 * Takes every item under `ref` (stock down, coupon uses up, ledger rows in `state`), all or nothing, and
 * changes the owner in the same unit of work. Nothing changes when any item is short or the owner is no
 * longer in `fromStatuses`.
 */
export async function takeStock(payload: Payload, transactionID: TransactionId, ref: string, items: readonly LedgerItem[], options: { state?: HoldState; owner?: OwnerChange; now?: Date; network?: TakingNetwork } = {}): Promise<TakeResult> {
  if (options.owner?.record && items.length === 0) throw new Error('stock ledger: a take with a record needs items')
  const state = options.state ?? 'held'
  const now = (options.now ?? new Date()).toISOString()
  const owner = options.owner
  const network = options.network

  if (isPostgres(payload)) {
    return pgUnit<TakeResult>(payload, transactionID, async (exec) => {
      // One network's takes one at a time (until this unit of work ends), so N at once cannot all pass the caps.
      if (network) await exec({ sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', args: [`stock-holds:${network.key}`] })
      if (owner) {
        if ((await exec(ownerUpdateStatement(owner))).rowCount !== 1) return new Abort<TakeResult>({ ok: false, shortItem: null, reason: 'owner_changed' })
      }
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!
        const n = units(item)
        const t = target(item)
        const caps = withinNetworkCaps(ref, item, n, network)
        const [within] = (await exec({ sql: `SELECT (${caps.sql}) AS ok`, args: caps.args })).rows
        if (!within?.ok) return new Abort<TakeResult>({ ok: false, shortItem: i, reason: 'network_cap' })
        const take: Stmt =
          t.table === 'coupons'
            ? { sql: 'UPDATE coupons SET used_count = used_count + 1 WHERE id = ? AND (usage_limit IS NULL OR used_count < usage_limit)', args: [t.id] }
            : { sql: `UPDATE ${t.table} SET stock_quantity = stock_quantity - ? WHERE id = ? AND stock_quantity >= ?`, args: [n, t.id, n] }
        if ((await exec(take)).rowCount !== 1) return new Abort<TakeResult>({ ok: false, shortItem: i, reason: 'short' })
        await exec(insertHold(ref, item, state, now, '?', [n], network))
      }
      return { ok: true, followUps: owner ? await writeRecordPg(exec, owner) : [] }
    })
  }

  const guard = ownerChangeable(owner)
  const stmts: Stmt[] = []
  for (const item of items) {
    const n = units(item)
    const t = target(item)
    const enough: Stmt =
      t.table === 'coupons'
        ? { sql: '(SELECT usage_limit IS NULL OR used_count < usage_limit FROM coupons WHERE id = ?)', args: [t.id] }
        : { sql: `(SELECT stock_quantity >= ? FROM ${t.table} WHERE id = ?)`, args: [n, t.id] }
    const caps = withinNetworkCaps(ref, item, n, network)
    stmts.push(insertHold(ref, item, state, now, `CASE WHEN ${enough.sql} AND ${guard.sql} AND ${caps.sql} THEN ? END`, [...enough.args, ...guard.args, ...caps.args, n], network))
    stmts.push(
      t.table === 'coupons'
        ? { sql: 'UPDATE coupons SET used_count = used_count + 1 WHERE id = ?', args: [t.id] }
        : { sql: `UPDATE ${t.table} SET stock_quantity = stock_quantity - ? WHERE id = ?`, args: [n, t.id] },
    )
  }
  const ownerAt = stmts.length
  const record = recordSqlite(owner)
  if (owner) stmts.push(ownerUpdateStatement(owner), ...record.stmts, ...record.then)
  try {
    const results = await sqliteBatch(payload, stmts)
    if (owner && results[ownerAt]!.rowsAffected !== 1) {
      // Only possible with no items (nothing guarded the owner): nothing was taken.
      return { ok: false, shortItem: null, reason: 'owner_changed' }
    }
    return { ok: true, followUps: owner ? results.slice(ownerAt + 1 + record.stmts.length).map((r) => r.rows) : [] }
  } catch (error) {
    if (!/NOT NULL constraint failed: stock_holds\.count/i.test(String((error as Error)?.message ?? error))) throw error
    const changeable = await ownerStillChangeable(payload, owner)
    if (!changeable) return { ok: false, shortItem: null, reason: 'owner_changed' }
    const overCap = await firstItemOverNetworkCaps(payload, ref, items, network)
    if (overCap != null) return { ok: false, shortItem: overCap, reason: 'network_cap' }
    return { ok: false, shortItem: await firstShortItem(payload, items), reason: 'short' }
  }
}

/** After a refused SQLite batch (nothing written): the first item the network's caps refuse, counting the items before it. */
async function firstItemOverNetworkCaps(payload: Payload, ref: string, items: readonly LedgerItem[], network: TakingNetwork | undefined): Promise<number | null> {
  if (!network) return null
  const earlier = new Map<number, number>()
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    if (item.couponId != null || item.productId == null) continue
    const n = units(item)
    const before = earlier.get(item.productId) ?? 0
    const caps = withinNetworkCaps(ref, item, before + n, network)
    const [row] = await readRows(payload, { sql: `SELECT (${caps.sql}) AS ok`, args: caps.args })
    if (!row || !Number(row.ok)) return i
    earlier.set(item.productId, before + n)
  }
  return null
}

async function ownerStillChangeable(payload: Payload, owner: OwnerChange | undefined): Promise<boolean> {
  if (!owner?.fromStatuses?.length) return true
  const guard = ownerChangeable(owner)
  const [row] = await readRows(payload, { sql: `SELECT ${guard.sql} AS ok`, args: guard.args })
  return Boolean(Number(row?.ok))
}

async function firstShortItem(payload: Payload, items: readonly LedgerItem[]): Promise<number | null> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    const t = target(item)
    const [row] =
      t.table === 'coupons'
        ? await readRows(payload, { sql: 'SELECT (usage_limit IS NULL OR used_count < usage_limit) AS ok FROM coupons WHERE id = ?', args: [t.id] })
        : await readRows(payload, { sql: `SELECT (stock_quantity >= ?) AS ok FROM ${t.table} WHERE id = ?`, args: [units(item), t.id] })
    if (!row || !Number(row.ok)) return i
  }
  return null
}

export type MoveResult = {
  readonly ownerChanged: boolean
  readonly rows: number
  /** The rows each of the owner record's follow-up statements answered (RETURNING), when the change was made. */
  readonly followUps?: readonly Record<string, unknown>[][]
}

/**
 * Puts every ledger row of `ref` in one of `from` back on the shelf (stock up, coupon uses down) and marks
 * it released, once: a second call finds nothing left to release. With an owner, the owner is changed in
 * the same unit of work and the stock moves only when the owner ends in the new state.
 */
export async function releaseStock(payload: Payload, transactionID: TransactionId, ref: string, from: readonly HoldState[], options: { owner?: OwnerChange; now?: Date } = {}): Promise<MoveResult> {
  const now = (options.now ?? new Date()).toISOString()
  const owner = options.owner
  const states = { sql: `state IN (${placeholders(from.length)})`, args: from as readonly Arg[] }

  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      let changed = false
      if (owner) {
        changed = (await exec(ownerUpdateStatement(owner))).rowCount === 1
        const settled = ownerChanged(owner)
        if (!changed && !(await exec({ sql: `SELECT 1 WHERE ${settled.sql}`, args: settled.args })).rowCount) return { ownerChanged: false, rows: 0 }
      }
      const released = await exec({
        sql: `UPDATE stock_holds SET state = 'released', updated_at = ? WHERE ref = ? AND ${states.sql} RETURNING product_id, variant_id, coupon_id, count`,
        args: [now, ref, ...states.args],
      })
      for (const row of released.rows) {
        const n = Number(row.count)
        if (row.coupon_id != null) await exec({ sql: 'UPDATE coupons SET used_count = GREATEST(used_count - ?, 0) WHERE id = ?', args: [n, Number(row.coupon_id)] })
        else if (row.variant_id != null) await exec({ sql: 'UPDATE variants SET stock_quantity = stock_quantity + ? WHERE id = ?', args: [n, Number(row.variant_id)] })
        else await exec({ sql: 'UPDATE products SET stock_quantity = stock_quantity + ? WHERE id = ?', args: [n, Number(row.product_id)] })
      }
      const followUps = owner && changed ? await writeRecordPg(exec, owner) : []
      return { ownerChanged: changed, rows: released.rowCount, followUps }
    })
  }

  const guard = ownerChanged(owner)
  const held = (column: string, outer: string) => ({
    sql: `SELECT COALESCE(SUM(h.count), 0) FROM stock_holds h WHERE h.ref = ? AND h.${states.sql} AND h.${column} = ${outer}.id`,
    args: [ref, ...states.args],
  })
  const ids = (column: string, extra: string) => ({ sql: `SELECT ${column} FROM stock_holds WHERE ref = ? AND ${states.sql} AND ${column} IS NOT NULL ${extra}`, args: [ref, ...states.args] })
  const restore = (table: string, set: (sum: string) => string, column: string, extra: string, heldExtra = ''): Stmt => {
    const sum = held(column, table)
    const which = ids(column, extra)
    return { sql: `UPDATE ${table} SET ${set(`(${sum.sql}${heldExtra})`)} WHERE id IN (${which.sql}) AND ${guard.sql}`, args: [...sum.args, ...which.args, ...guard.args] }
  }
  const record = recordSqlite(owner)
  const stmts: Stmt[] = []
  if (owner) stmts.push(ownerUpdateStatement(owner), ...record.stmts)
  stmts.push(
    restore('products', (sum) => `stock_quantity = stock_quantity + ${sum}`, 'product_id', 'AND variant_id IS NULL AND coupon_id IS NULL', ' AND h.variant_id IS NULL'),
    restore('variants', (sum) => `stock_quantity = stock_quantity + ${sum}`, 'variant_id', ''),
    restore('coupons', (sum) => `used_count = MAX(used_count - ${sum}, 0)`, 'coupon_id', ''),
    { sql: `UPDATE stock_holds SET state = 'released', updated_at = ? WHERE ref = ? AND ${states.sql} AND ${guard.sql}`, args: [now, ref, ...states.args, ...guard.args] },
  )
  const ledgerAt = stmts.length - 1
  stmts.push(...record.then)
  const results = await sqliteBatch(payload, stmts)
  return { ownerChanged: owner ? results[0]!.rowsAffected === 1 : false, rows: results[ledgerAt]!.rowsAffected, followUps: results.slice(ledgerAt + 1).map((r) => r.rows) }
}

/** SQL true while none of `ref`'s units has been withdrawn (released from under it by a lower count on hand). */
function nothingWithdrawn(ref: string): Stmt {
  return { sql: `NOT EXISTS (SELECT 1 FROM stock_holds w WHERE w.ref = ? AND w.state = 'released')`, args: [ref] }
}

/**
 * Marks the held rows of `ref` sold (a payment arrived), together with the owner change. The units stay off
 * the shelf throughout: nothing is put back and taken again. Nothing is sold, and the owner is not changed,
 * when any unit of `ref` was withdrawn while it waited (`setOnHandStatements`): a sale never counts a unit that
 * is no longer there, and the caller gives the money back (ADR 041).
 */
export async function sellHeldStock(payload: Payload, transactionID: TransactionId, ref: string, options: { owner?: OwnerChange; now?: Date } = {}): Promise<MoveResult> {
  const now = (options.now ?? new Date()).toISOString()
  const owner = options.owner
  const whole = nothingWithdrawn(ref)
  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      const changed = owner ? (await exec(ownerUpdateStatement(owner))).rowCount === 1 : false
      if (owner && !changed) return { ownerChanged: false, rows: 0 }
      const sold = await exec({ sql: `UPDATE stock_holds SET state = 'sold', updated_at = ? WHERE ref = ? AND state = 'held'`, args: [now, ref] })
      // Checked after the rows are locked: a withdrawal that committed while this waited for them is seen here.
      if (!(await exec({ sql: `SELECT 1 AS ok WHERE ${whole.sql}`, args: whole.args })).rowCount) return new Abort<MoveResult>({ ownerChanged: false, rows: 0 })
      const followUps = owner ? await writeRecordPg(exec, owner) : []
      return { ownerChanged: changed, rows: sold.rowCount, followUps }
    })
  }
  const record = recordSqlite(owner)
  const guard = record.guard ?? ownerChanged(owner)
  const stmts: Stmt[] = []
  if (owner) stmts.push(ownerUpdateStatement(owner, whole), ...record.stmts)
  const ledgerAt = stmts.length
  stmts.push({ sql: `UPDATE stock_holds SET state = 'sold', updated_at = ? WHERE ref = ? AND state = 'held' AND ${guard.sql} AND ${whole.sql}`, args: [now, ref, ...guard.args, ...whole.args] })
  stmts.push(...record.then)
  const results = await sqliteBatch(payload, stmts)
  return { ownerChanged: owner ? results[0]!.rowsAffected === 1 : false, rows: results[ledgerAt]!.rowsAffected, followUps: results.slice(ledgerAt + 1).map((r) => r.rows) }
}

/**
 * Hands the held units of one owner to another (a reservation becoming an order) without putting them back
 * on the shelf in between, together with both owners' changes. `states` picks the rows that move (held by
 * default) and `as` the state they arrive in: a showroom sale moves a reservation's held unit to its order
 * as sold, and cancelling that sale moves it back as held, in one statement each time.
 */
export async function transferHeldStock(payload: Payload, transactionID: TransactionId, fromRef: string, toRef: string, options: { owners?: readonly OwnerChange[]; now?: Date; states?: readonly HoldState[]; as?: HoldState } = {}): Promise<MoveResult> {
  const now = (options.now ?? new Date()).toISOString()
  const owners = options.owners ?? []
  const states = options.states?.length ? options.states : (['held'] as const)
  const which = { sql: `state IN (${placeholders(states.length)})`, args: states as readonly Arg[] }
  const set = options.as ? { sql: 'ref = ?, state = ?, updated_at = ?', args: [toRef, options.as, now] } : { sql: 'ref = ?, updated_at = ?', args: [toRef, now] }
  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      for (const owner of owners) {
        if ((await exec(ownerUpdateStatement(owner))).rowCount !== 1) return new Abort<MoveResult>({ ownerChanged: false, rows: 0 })
      }
      const moved = await exec({ sql: `UPDATE stock_holds SET ${set.sql} WHERE ref = ? AND ${which.sql}`, args: [...set.args, fromRef, ...which.args] })
      if (moved.rowCount === 0) return new Abort<MoveResult>({ ownerChanged: false, rows: 0 })
      return { ownerChanged: owners.length > 0, rows: moved.rowCount }
    })
  }
  // All or nothing, as on PostgreSQL: after each owner update and after the move, a statement that writes a
  // NULL ledger count (violating NOT NULL, which rolls the whole batch back) when that step changed nothing.
  const abortUnless = (condition: string): Stmt => ({
    sql: `INSERT INTO stock_holds (ref, product_id, variant_id, coupon_id, count, state, created_at, updated_at) SELECT ?, NULL, NULL, NULL, NULL, 'held', ?, ? WHERE NOT (${condition})`,
    args: [toRef, now, now],
  })
  const stmts: Stmt[] = []
  for (const owner of owners) stmts.push(ownerUpdateStatement(owner), abortUnless('changes() = 1'))
  stmts.push({ sql: `UPDATE stock_holds SET ${set.sql} WHERE ref = ? AND ${which.sql}`, args: [...set.args, fromRef, ...which.args] }, abortUnless('changes() > 0'))
  try {
    const results = await sqliteBatch(payload, stmts)
    return { ownerChanged: owners.length > 0, rows: results[results.length - 2]!.rowsAffected }
  } catch (error) {
    if (!/NOT NULL constraint failed: stock_holds\.count/i.test(String((error as Error)?.message ?? error))) throw error
    return { ownerChanged: false, rows: 0 }
  }
}

/** Units of each state a ledger ref holds (for reconciliation and tests). */
export async function ledgerOf(payload: Payload, ref: string): Promise<{ state: HoldState; count: number; productId: number | null; variantId: number | null; couponId: number | null }[]> {
  const rows = await readRows(payload, { sql: 'SELECT state, count, product_id, variant_id, coupon_id FROM stock_holds WHERE ref = ? ORDER BY id', args: [ref] })
  return rows.map((r) => ({
    state: r.state as HoldState,
    count: Number(r.count),
    productId: r.product_id == null ? null : Number(r.product_id),
    variantId: r.variant_id == null ? null : Number(r.variant_id),
    couponId: r.coupon_id == null ? null : Number(r.coupon_id),
  }))
}


/* ------------------------------------------------------------------------------------------------ */
/* Stock counted outside the shop (a dealer's stock feed)                                            */

/** SQL for the units the ledger holds (unpaid orders, reservations, finance applications) of the row `outer`. */
function heldOf(table: 'products' | 'variants', outer: string): string {
  return table === 'variants'
    ? `(SELECT COALESCE(SUM(h.count), 0) FROM stock_holds h WHERE h.state = 'held' AND h.variant_id = ${outer}.id)`
    : `(SELECT COALESCE(SUM(h.count), 0) FROM stock_holds h WHERE h.state = 'held' AND h.product_id = ${outer}.id AND h.variant_id IS NULL AND h.coupon_id IS NULL)`
}

/** SQL over the held ledger rows `h` of one product's own stock or one variant. */
function heldRowsOf(table: 'products' | 'variants', id: number): Stmt {
  return table === 'variants'
    ? { sql: `h.state = 'held' AND h.variant_id = ?`, args: [id] }
    : { sql: `h.state = 'held' AND h.product_id = ? AND h.variant_id IS NULL AND h.coupon_id IS NULL`, args: [id] }
}

// 1 for a held row a lower count on hand may withdraw: one of an unpaid card order that completes no reservation.
// Every other hold (a paid deposit, a finance application, an order that completes a reservation) involves money
// or a decision already made, so it is kept and left to staff.
const WITHDRAWABLE = `(CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE o.id = (CASE WHEN h.ref LIKE 'order:%' THEN CAST(substr(h.ref, 7) AS INTEGER) END)
  AND o.kind = 'card' AND o.status = 'awaiting_payment' AND o.reservation_id IS NULL) THEN 1 ELSE 0 END)`

/** The column naming each withdrawn hold's ref in the rows `setOnHandStatements`' statements answer. */
export const WITHDRAWN_REF = 'withdrawn_ref'

/**
 * Sets the units a product or variant has on hand, as a dealer's system counts them, in one unit of work with
 * the batch that runs these statements. On-hand counts the held units (they are still in the showroom) and not
 * the sold ones (the dealer's system has booked them out), so the shelf becomes on-hand less the units held
 * (never below 0), and a hold taken a moment before is kept.
 *
 * When on-hand is below the units held, holds are kept up to on-hand and the rest are withdrawn (released
 * without going back on the shelf: those units are not there). Kept first: every hold that is not withdrawable
 * (see WITHDRAWABLE); then unpaid card orders, oldest first. So the newest unpaid card orders lose their units.
 * Each withdrawn row answers its ref (column WITHDRAWN_REF): the caller ends those orders, and
 * `sellHeldStock` refuses to sell a ref that lost a unit, so their payments are refunded (ADR 041). A hold
 * that does not fit but cannot be withdrawn stays held; `overHeldOf` finds such rows for staff.
 */
export function setOnHandStatements(payload: Payload, table: 'products' | 'variants', id: number, onHand: number, updatedAt: string): Stmt[] {
  if (!Number.isSafeInteger(onHand) || onHand < 0) throw new Error('stock ledger: on-hand must be a whole number, zero or more')
  const rows = heldRowsOf(table, id)
  const rowsWithW = `SELECT h.id AS id, h.count AS count, h.created_at AS created_at, ${WITHDRAWABLE} AS w FROM stock_holds h WHERE ${rows.sql}`
  const ranked = `SELECT x.id AS id, x.w AS w, SUM(x.count) OVER (ORDER BY x.w, x.created_at, x.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS upto FROM (${rowsWithW}) x`
  const withdraw: Stmt = {
    sql: `UPDATE stock_holds SET state = 'released', updated_at = ? WHERE state = 'held' AND id IN (SELECT ranked.id FROM (${ranked}) ranked WHERE ranked.w = 1 AND ranked.upto > ?) RETURNING ref AS ${WITHDRAWN_REF}`,
    args: [updatedAt, ...rows.args, onHand],
  }
  const left = `(? - ${heldOf(table, table)})`
  const set: Stmt = { sql: `UPDATE ${table} SET stock_quantity = CASE WHEN ${left} > 0 THEN ${left} ELSE 0 END, updated_at = ? WHERE id = ?`, args: [onHand, onHand, updatedAt, id] }
  // PostgreSQL: the row and its holds are locked first, so a take or a sale running now either finished before
  // (and is counted by the statements after these, each of which sees what committed before it) or waits for this.
  const locks: Stmt[] = isPostgres(payload)
    ? [{ sql: `SELECT id FROM ${table} WHERE id = ? FOR UPDATE`, args: [id] }, { sql: `SELECT h.id FROM stock_holds h WHERE ${rows.sql} ORDER BY h.id FOR UPDATE`, args: rows.args }]
    : []
  return [...locks, withdraw, set]
}

/**
 * Held units of these products' own stock and variants beyond what is on hand (shelf 0 and holds left over that
 * could not be withdrawn), each with the refs holding them: for staff to sort out with the dealer's system.
 */
export async function overHeldOf(payload: Payload, ids: { products: readonly number[]; variants: readonly number[] }, onHand: { products: ReadonlyMap<number, number>; variants: ReadonlyMap<number, number> }): Promise<{ table: 'products' | 'variants'; id: number; refs: string[] }[]> {
  const out: { table: 'products' | 'variants'; id: number; refs: string[] }[] = []
  for (const table of ['products', 'variants'] as const) {
    for (const id of ids[table]) {
      const want = onHand[table].get(id)
      if (want === undefined) continue
      const rows = heldRowsOf(table, id)
      const held = await readRows(payload, { sql: `SELECT h.ref AS ref, h.count AS count FROM stock_holds h WHERE ${rows.sql} ORDER BY h.id`, args: rows.args })
      if (held.reduce((sum, r) => sum + Number(r.count), 0) > want) out.push({ table, id, refs: [...new Set(held.map((r) => String(r.ref)))] })
    }
  }
  return out
}

/** `value` (SQL over the row `table`) of each of these rows, 500 ids to a statement. */
async function valuesOf(payload: Payload, table: 'products' | 'variants', ids: readonly number[], value: string): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>()
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    const rows = await readRows(payload, { sql: `SELECT ${table}.id AS id, ${value} AS n FROM ${table} WHERE ${table}.id IN (${placeholders(chunk.length)})`, args: chunk })
    for (const r of rows) out.set(Number(r.id), r.n == null ? null : Number(r.n))
  }
  return out
}

/** Units on hand of these products (their own stock, not their variants') and variants: the shelf plus the units held. */
export async function onHandOf(payload: Payload, ids: { products: readonly number[]; variants: readonly number[] }): Promise<{ products: Map<number, number>; variants: Map<number, number> }> {
  const read = async (table: 'products' | 'variants', list: readonly number[]) => valuesOf(payload, table, list, `COALESCE(${table}.stock_quantity, 0) + ${heldOf(table, table)}`) as Promise<Map<number, number>>
  return { products: await read('products', ids.products), variants: await read('variants', ids.variants) }
}

/** Units left on the shelf of these products and variants (null for one that does not count its stock); a row not found is absent. */
export async function shelfStockOf(payload: Payload, ids: { products: readonly number[]; variants: readonly number[] }): Promise<{ products: Map<number, number | null>; variants: Map<number, number | null> }> {
  return { products: await valuesOf(payload, 'products', ids.products, 'products.stock_quantity'), variants: await valuesOf(payload, 'variants', ids.variants, 'variants.stock_quantity') }
}

/** One order line coming back: `count` units of a product's own stock or of a variant. */
export interface ReturnedUnits {
  readonly productId: number
  readonly variantId?: number | null
  readonly count: number
}

/**
 * Puts units an order sold back on the shelf (goods returned, or lines cancelled before they left), guarded by
 * `when` (SQL true once the owning change is made, as ChangeRecord's follow-ups are): each unit leaves the
 * order's sold row and is recorded as a released row under `returnRef`, and the shelf goes up by as many. The
 * released row's count is written as `CASE WHEN <enough sold> THEN n END`, so a line the order no longer holds
 * as sold makes the whole unit of work fail on its NOT NULL (nothing moves) instead of putting back stock twice.
 */
export function returnSoldUnitsStatements(payload: Payload, orderId: number, returnRef: string, items: readonly ReturnedUnits[], now: Date, when: Stmt): Stmt[] {
  const at = now.toISOString()
  const stamp = isPostgres(payload) ? 'CAST(? AS timestamptz)' : '?'
  const released = isPostgres(payload) ? `CAST('released' AS enum_stock_holds_state)` : `'released'`
  const ref = orderStockRef(orderId)
  const stmts: Stmt[] = []
  for (const item of items) {
    const n = units(item)
    const match: Stmt = item.variantId != null ? { sql: 'variant_id = ?', args: [item.variantId] } : { sql: 'product_id = ? AND variant_id IS NULL', args: [item.productId] }
    const soldRow: Stmt = { sql: `SELECT id FROM stock_holds WHERE ref = ? AND state = 'sold' AND coupon_id IS NULL AND ${match.sql} AND count >= ? ORDER BY id LIMIT 1`, args: [ref, ...match.args, n] }
    stmts.push({
      sql: `INSERT INTO stock_holds (ref, product_id, variant_id, coupon_id, count, state, hold_client, created_at, updated_at)
            SELECT CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS INTEGER), NULL, CASE WHEN EXISTS (${soldRow.sql}) THEN CAST(? AS INTEGER) END, ${released}, NULL, ${stamp}, ${stamp} WHERE ${when.sql}`,
      args: [returnRef, item.productId, item.variantId ?? null, ...soldRow.args, n, at, at, ...when.args],
    })
    stmts.push({ sql: `UPDATE stock_holds SET count = count - ?, updated_at = ? WHERE id = (${soldRow.sql}) AND ${when.sql}`, args: [n, at, ...soldRow.args, ...when.args] })
    const t = target({ productId: item.productId, variantId: item.variantId ?? null, count: n })
    stmts.push({ sql: `UPDATE ${t.table} SET stock_quantity = stock_quantity + ? WHERE id = ? AND ${when.sql}`, args: [n, t.id, ...when.args] })
  }
  return stmts
}
