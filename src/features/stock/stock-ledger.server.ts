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
//
// This is the one module that spells the ledger's rows (stock_holds). Taking stock is take-stock.server.ts; the
// shelf's columns are catalogue-rows'; the change of the record that owns the units (an order, a reservation)
// comes built by the records feature as OwnerStatements (ledger-contract.ts), placed here without knowing its table.
import 'server-only'
import type { Payload } from 'payload'
import { addToOnHand, onHand, onHandAtLeastZero, putBackOnHand } from '../catalogue-rows/catalogue-rows'
import { Abort, isPostgres, pgUnit, placeholders, readRows, sqliteBatch, type Arg, type Stmt, type TransactionId } from '../../cms/sql.server'
import { ALWAYS, recordSqlite, units, writeRecordPg, type HoldState, type LedgerItem, type MoveResult, type OwnerStatements, type TakingNetwork } from './ledger-contract'

/** The ledger ref of an order's units. */
export const orderStockRef = (orderId: number) => `order:${orderId}`

/** A ledger row for an item taken under `ref`; its count is `countSql` (a shortfall's NULL aborts a SQLite batch). */
export function insertHold(ref: string, item: LedgerItem, state: HoldState, now: string, countSql: string, countArgs: readonly Arg[], network: TakingNetwork | undefined): Stmt {
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
export function withinNetworkCaps(ref: string, item: LedgerItem, n: number, network: TakingNetwork | undefined): Stmt {
  if (!network || item.couponId != null || item.productId == null) return { sql: '1 = 1', args: [] }
  const held = `FROM stock_holds h WHERE h.state = 'held' AND h.hold_client = ? AND ${UNPAID_OWNER}`
  const holds: Stmt = { sql: `(SELECT count(DISTINCT h.ref) ${held} AND h.ref <> ?) < ?`, args: [network.key, ref, network.maxHolds] }
  if (item.networkCap == null) return holds
  return {
    sql: `${holds.sql} AND (SELECT COALESCE(SUM(h.count), 0) ${held} AND h.product_id = ?) + ? <= ?`,
    args: [...holds.args, network.key, item.productId, n, item.networkCap],
  }
}

/**
 * Puts every ledger row of `ref` in one of `from` back on the shelf (stock up, coupon uses down) and marks
 * it released, once: a second call finds nothing left to release. With an owner, the owner is changed in
 * the same unit of work and the stock moves only when the owner ends in the new state.
 */
export async function releaseStock(payload: Payload, transactionID: TransactionId, ref: string, from: readonly HoldState[], options: { owner?: OwnerStatements; now?: Date } = {}): Promise<MoveResult> {
  const now = (options.now ?? new Date()).toISOString()
  const owner = options.owner
  const states = { sql: `state IN (${placeholders(from.length)})`, args: from as readonly Arg[] }

  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      let changed = false
      if (owner) {
        changed = (await exec(owner.update)).rowCount === 1
        const settled = owner.changed
        if (!changed && !(await exec({ sql: `SELECT 1 WHERE ${settled.sql}`, args: settled.args })).rowCount) return { ownerChanged: false, rows: 0 }
      }
      const released = await exec({
        sql: `UPDATE stock_holds SET state = 'released', updated_at = ? WHERE ref = ? AND ${states.sql} RETURNING product_id, variant_id, coupon_id, count`,
        args: [now, ref, ...states.args],
      })
      for (const row of released.rows) {
        const n = Number(row.count)
        if (row.coupon_id != null) await exec({ sql: 'UPDATE coupons SET used_count = GREATEST(used_count - ?, 0) WHERE id = ?', args: [n, Number(row.coupon_id)] })
        else if (row.variant_id != null) await exec(putBackOnHand('variants', Number(row.variant_id), n))
        else await exec(putBackOnHand('products', Number(row.product_id), n))
      }
      const followUps = owner && changed ? await writeRecordPg(exec, owner) : []
      return { ownerChanged: changed, rows: released.rowCount, followUps }
    })
  }

  const guard = owner?.changed ?? ALWAYS
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
  if (owner) stmts.push(owner.update, ...record.stmts)
  stmts.push(
    restore('products', addToOnHand, 'product_id', 'AND variant_id IS NULL AND coupon_id IS NULL', ' AND h.variant_id IS NULL'),
    restore('variants', addToOnHand, 'variant_id', ''),
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
export async function sellHeldStock(payload: Payload, transactionID: TransactionId, ref: string, options: { owner?: OwnerStatements; now?: Date } = {}): Promise<MoveResult> {
  const now = (options.now ?? new Date()).toISOString()
  const owner = options.owner
  const whole = nothingWithdrawn(ref)
  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      const changed = owner ? (await exec(owner.update)).rowCount === 1 : false
      if (owner && !changed) return { ownerChanged: false, rows: 0 }
      const sold = await exec({ sql: `UPDATE stock_holds SET state = 'sold', updated_at = ? WHERE ref = ? AND state = 'held'`, args: [now, ref] })
      // Checked after the rows are locked: a withdrawal that committed while this waited for them is seen here.
      if (!(await exec({ sql: `SELECT 1 AS ok WHERE ${whole.sql}`, args: whole.args })).rowCount) return new Abort<MoveResult>({ ownerChanged: false, rows: 0 })
      const followUps = owner ? await writeRecordPg(exec, owner) : []
      return { ownerChanged: changed, rows: sold.rowCount, followUps }
    })
  }
  const record = recordSqlite(owner)
  const guard = record.guard ?? owner?.changed ?? ALWAYS
  const stmts: Stmt[] = []
  if (owner) stmts.push(owner.updateWhile(whole), ...record.stmts)
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
export async function transferHeldStock(payload: Payload, transactionID: TransactionId, fromRef: string, toRef: string, options: { owners?: readonly OwnerStatements[]; now?: Date; states?: readonly HoldState[]; as?: HoldState } = {}): Promise<MoveResult> {
  const now = (options.now ?? new Date()).toISOString()
  const owners = options.owners ?? []
  const states = options.states?.length ? options.states : (['held'] as const)
  const which = { sql: `state IN (${placeholders(states.length)})`, args: states as readonly Arg[] }
  const set = options.as ? { sql: 'ref = ?, state = ?, updated_at = ?', args: [toRef, options.as, now] } : { sql: 'ref = ?, updated_at = ?', args: [toRef, now] }
  if (isPostgres(payload)) {
    return pgUnit<MoveResult>(payload, transactionID, async (exec) => {
      for (const owner of owners) {
        if ((await exec(owner.update)).rowCount !== 1) return new Abort<MoveResult>({ ownerChanged: false, rows: 0 })
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
  for (const owner of owners) stmts.push(owner.update, abortUnless('changes() = 1'))
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
  const set: Stmt = { sql: `UPDATE ${table} SET ${onHandAtLeastZero(left)}, updated_at = ? WHERE id = ?`, args: [onHand, onHand, updatedAt, id] }
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
  const read = async (table: 'products' | 'variants', list: readonly number[]) => valuesOf(payload, table, list, `COALESCE(${onHand(table)}, 0) + ${heldOf(table, table)}`) as Promise<Map<number, number>>
  return { products: await read('products', ids.products), variants: await read('variants', ids.variants) }
}

/** Units left on the shelf of these products and variants (null for one that does not count its stock); a row not found is absent. */
export async function shelfStockOf(payload: Payload, ids: { products: readonly number[]; variants: readonly number[] }): Promise<{ products: Map<number, number | null>; variants: Map<number, number | null> }> {
  return { products: await valuesOf(payload, 'products', ids.products, onHand('products')), variants: await valuesOf(payload, 'variants', ids.variants, onHand('variants')) }
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
    stmts.push(item.variantId != null ? putBackOnHand('variants', item.variantId, n, when) : putBackOnHand('products', item.productId, n, when))
  }
  return stmts
}
