// Stock and coupon counters moved with single conditional UPDATEs, so two checkouts can never both take
// the last unit: the database decides, row by row, whether the stock is still there.
import 'server-only'
import { sql as pgSql } from '@payloadcms/db-postgres/drizzle'
import { sql as sqliteSql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

export interface StockLine {
  readonly productId: number
  readonly variantId?: number | null
  readonly count: number
}

type Sql = typeof sqliteSql
type Query = ReturnType<Sql>

/** Each adapter bundles its own drizzle; build statements with the one that will run them. */
function sqlFor(payload: Payload): Sql {
  return (payload.db.name === 'postgres' ? pgSql : sqliteSql) as Sql
}

type SqliteDb = { run: (q: unknown) => Promise<{ rowsAffected: number }> }
type PostgresDb = { execute: (q: unknown) => Promise<{ rowCount: number | null }> }

/**
 * Runs one write statement on the transaction's connection (PostgreSQL) or the shop's one SQLite
 * connection, and answers how many rows it changed.
 */
async function write(payload: Payload, transactionID: string | number | null | undefined, query: Query): Promise<number> {
  const sessions = (payload.db as unknown as { sessions?: Record<string, { db: unknown }> }).sessions
  const db = (transactionID != null ? sessions?.[String(transactionID)]?.db : undefined) ?? payload.db.drizzle
  if (payload.db.name === 'postgres') return (await (db as PostgresDb).execute(query)).rowCount ?? 0
  return (await (db as SqliteDb).run(query)).rowsAffected
}

/** Takes `count` units if they are all still there; false (nothing changed) when they are not. */
export async function takeStock(payload: Payload, transactionID: string | number | null | undefined, line: StockLine): Promise<boolean> {
  const n = Math.floor(line.count)
  if (!(n > 0)) throw new Error('takeStock: count must be positive')
  const sql = sqlFor(payload)
  const query = line.variantId
    ? sql`UPDATE variants SET stock_quantity = stock_quantity - ${n} WHERE id = ${line.variantId} AND stock_quantity >= ${n}`
    : sql`UPDATE products SET stock_quantity = stock_quantity - ${n} WHERE id = ${line.productId} AND stock_quantity >= ${n}`
  return (await write(payload, transactionID, query)) === 1
}

/** Puts `count` units back (a released hold, a cancelled or refunded order). */
export async function returnStock(payload: Payload, transactionID: string | number | null | undefined, line: StockLine): Promise<void> {
  const n = Math.floor(line.count)
  if (!(n > 0)) return
  const sql = sqlFor(payload)
  const query = line.variantId
    ? sql`UPDATE variants SET stock_quantity = stock_quantity + ${n} WHERE id = ${line.variantId}`
    : sql`UPDATE products SET stock_quantity = stock_quantity + ${n} WHERE id = ${line.productId}`
  await write(payload, transactionID, query)
}

/** Counts one use of a coupon; with a usage limit only while uses remain. False when the limit is reached. */
export async function countCouponUse(payload: Payload, transactionID: string | number | null | undefined, couponId: number): Promise<boolean> {
  const sql = sqlFor(payload)
  const changed = await write(
    payload,
    transactionID,
    sql`UPDATE coupons SET used_count = used_count + 1 WHERE id = ${couponId} AND (usage_limit IS NULL OR used_count < usage_limit)`,
  )
  return changed === 1
}

/** Gives a coupon use back (an order that was never paid, or was cancelled). */
export async function uncountCouponUse(payload: Payload, transactionID: string | number | null | undefined, couponId: number): Promise<void> {
  const sql = sqlFor(payload)
  await write(payload, transactionID, sql`UPDATE coupons SET used_count = used_count - 1 WHERE id = ${couponId} AND used_count > 0`)
}

type OrderStockState = 'held' | 'committed' | 'released'

/**
 * Moves an order's stock state from one of `from` to `to` if it is still there: the one caller that wins
 * this does the matching stock movement, so a hold is released (or committed) exactly once.
 */
export async function claimStockState(payload: Payload, transactionID: string | number | null | undefined, orderId: number, from: readonly OrderStockState[], to: OrderStockState): Promise<boolean> {
  const sql = sqlFor(payload)
  const list = sql.join(from.map((s) => sql`${s}`), sql`, `)
  return (await write(payload, transactionID, sql`UPDATE orders SET stock_state = ${to} WHERE id = ${orderId} AND stock_state IN (${list})`)) === 1
}

/** Moves an order's status from one of `from` to `to` if it is still there; false when another change got there first. */
export async function claimOrderStatus(payload: Payload, transactionID: string | number | null | undefined, orderId: number, from: readonly string[], to: string): Promise<boolean> {
  const sql = sqlFor(payload)
  const list = sql.join(from.map((s) => sql`${s}`), sql`, `)
  return (await write(payload, transactionID, sql`UPDATE orders SET status = ${to} WHERE id = ${orderId} AND status IN (${list})`)) === 1
}
