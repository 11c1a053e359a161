// The SQL of the returns and refunds tables, and the one way their changes are written: a list of statements run
// all or nothing (SQLite: one write batch; PostgreSQL: one transaction holding the order's advisory lock, so
// changes of one order's money take turns). Each change claims its row with a fresh token, and every statement
// after the claim is guarded by `EXISTS (row with that token)`, so a change that finds its work already done
// (the same refund asked again, a return already received) writes nothing at all.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { execute, isPostgres, pgUnit, sqliteBatch, type Arg, type Stmt } from '../../cms/sql.server'
import type { HistoryEntry } from '../../cms/fields/history'
import { arrayRowId } from '../records/transition.server'
import { orderMoneyLock } from '../orders/order-money-lock'
import type { ReturnState } from '../../domain/returns/return-lifecycle'
import type { Order, Return } from '../../payload-types'
import { exchangeOfOrderKey } from '../../domain/returns/exchange'

export const newToken = () => randomBytes(12).toString('hex')

/** Runs `stmts` all or nothing; PostgreSQL takes the order's lock first (SQLite's batch is serial already). */
export async function atomically(payload: Payload, orderId: number, stmts: readonly Stmt[]): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }[]> {
  if (!isPostgres(payload)) return sqliteBatch(payload, [...stmts])
  return pgUnit(payload, null, async (exec) => {
    await exec(orderMoneyLock(orderId))
    const out: { rowsAffected: number; rows: Record<string, unknown>[] }[] = []
    for (const stmt of stmts) {
      const r = await exec(stmt)
      out.push({ rowsAffected: r.rowCount, rows: r.rows })
    }
    return out
  })
}

const ts = (payload: Payload) => (isPostgres(payload) ? 'CAST(? AS timestamptz)' : '?')
const json = (payload: Payload) => (isPostgres(payload) ? 'CAST(? AS jsonb)' : '?')
const bool = (payload: Payload, value: boolean): Arg => (isPostgres(payload) ? String(value) : Number(value))

/* ------------------------------------------------------------------------------------------------ */
/* Refunds                                                                                           */

export interface RefundRow {
  readonly id: number
  readonly orderId: number
  readonly returnId: number | null
  readonly amountPence: number
  /** Of the amount, what paid for an exchange's replacement (given back as credit, not to the card). */
  readonly creditPence: number
  readonly key: string
  readonly state: 'pending' | 'succeeded' | 'failed'
  readonly providerRefundId: string | null
  readonly failure: string | null
}

function refundOf(row: Record<string, unknown>): RefundRow {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    returnId: row.return_id == null ? null : Number(row.return_id),
    amountPence: Number(row.amount_pence),
    creditPence: Number(row.credit_pence ?? 0),
    key: String(row.idempotency_key),
    state: String(row.state) as RefundRow['state'],
    providerRefundId: row.provider_refund_id == null ? null : String(row.provider_refund_id),
    failure: row.failure == null ? null : String(row.failure),
  }
}

const REFUND_COLUMNS = 'id, order_id, return_id, amount_pence, credit_pence, idempotency_key, state, provider_refund_id, failure'

export async function refundByKey(payload: Payload, key: string): Promise<RefundRow | null> {
  const [row] = (await execute(payload, null, { sql: `SELECT ${REFUND_COLUMNS} FROM refunds WHERE idempotency_key = ?`, args: [key] })).rows
  return row ? refundOf(row) : null
}

export async function refundsOfOrder(payload: Payload, orderId: number): Promise<RefundRow[]> {
  return (await execute(payload, null, { sql: `SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id = ? ORDER BY id`, args: [orderId] })).rows.map(refundOf)
}

/**
 * The refund's row, made only if no refund has its key and the order's refunds (all but failed ones) with this one
 * stay within `paidPence`. Marked with `token`; `insertedBy(token)` guards what must be written with it.
 */
export function insertRefundStatement(payload: Payload, r: { orderId: number; returnId: number | null; lines: unknown; amountPence: number; creditPence?: number; key: string; paidPence: number }, token: string, now: Date, returnIdSql?: Stmt): Stmt {
  const at = now.toISOString()
  const returnId = returnIdSql ?? { sql: 'SELECT CAST(? AS INTEGER)', args: [r.returnId] }
  return {
    sql: `INSERT INTO refunds (order_id, return_id, lines, amount_pence, credit_pence, idempotency_key, state, record_token, created_at, updated_at)
          SELECT CAST(? AS INTEGER), (${returnId.sql}), ${json(payload)}, CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS TEXT), ${isPostgres(payload) ? `CAST('pending' AS enum_refunds_state)` : `'pending'`}, CAST(? AS TEXT), ${ts(payload)}, ${ts(payload)}
          WHERE NOT EXISTS (SELECT 1 FROM refunds WHERE idempotency_key = ?)
            AND (SELECT COALESCE(SUM(amount_pence), 0) FROM refunds WHERE order_id = ? AND state <> 'failed') + ? <= ?`,
    args: [r.orderId, ...returnId.args, JSON.stringify(r.lines ?? null), r.amountPence, r.creditPence ?? 0, r.key, token, at, at, r.key, r.orderId, r.amountPence, r.paidPence],
  }
}

/** SQL true once the refund row carrying `token` exists in `state` (the guard of what follows its change). */
export function refundMarked(token: string, state?: RefundRow['state']): Stmt {
  return state ? { sql: `EXISTS (SELECT 1 FROM refunds WHERE record_token = ? AND state = '${state}')`, args: [token] } : { sql: 'EXISTS (SELECT 1 FROM refunds WHERE record_token = ?)', args: [token] }
}

/** The refund recorded as made by the provider, once: only a pending refund takes it. */
export function refundSucceededStatement(payload: Payload, refundId: number, provider: string, providerRefundId: string, token: string, now: Date): Stmt {
  const at = now.toISOString()
  return { sql: `UPDATE refunds SET state = 'succeeded', provider = ?, provider_refund_id = ?, refunded_at = ${ts(payload)}, record_token = ?, updated_at = ${ts(payload)} WHERE id = ? AND state = 'pending'`, args: [provider, providerRefundId.slice(0, 255), at, token, at, refundId] }
}

/** The provider refused: the refund is failed (its amount no longer counts against what may be refunded). */
export async function markRefundFailed(payload: Payload, refundId: number, failure: string, now: Date): Promise<boolean> {
  const at = now.toISOString()
  return (await execute(payload, null, { sql: `UPDATE refunds SET state = 'failed', failure = ?, updated_at = ${ts(payload)} WHERE id = ? AND state = 'pending'`, args: [failure.slice(0, 300), at, refundId] })).rowsAffected === 1
}

/* ------------------------------------------------------------------------------------------------ */
/* Returns                                                                                           */

export interface NewReturn {
  readonly returnNumber: string
  readonly orderId: number
  readonly customerId: number | null
  readonly email: string
  readonly ground: 'cancellation' | 'fault' | 'exchange'
  readonly state: ReturnState
  readonly reason: string
  readonly returnMethod: string | null
  readonly lines: unknown
  readonly wholeOrder: boolean
  readonly goodsDelivered: boolean
  readonly deliveredOn: string | null
  readonly requestedOn: string
  readonly refundDueOn: string | null
  readonly faultRemedy: string | null
  /** An exchange: the variant asked for instead. */
  readonly exchangeVariantId?: number | null
}

/** A new return, marked with `token`; none is made when the order already has an open return for one of these lines' units (the caller checks counts first). */
export function insertReturnStatement(payload: Payload, r: NewReturn, token: string, now: Date): Stmt {
  const at = now.toISOString()
  const state = isPostgres(payload) ? 'CAST(? AS enum_returns_state)' : '?'
  const ground = isPostgres(payload) ? 'CAST(? AS enum_returns_ground)' : '?'
  return {
    sql: `INSERT INTO returns (return_number, order_id, customer_id, email, ground, state, reason, return_method, lines, whole_order, goods_delivered, delivered_on, requested_on, refund_due_on, fault_remedy, exchange_variant_id, deduction_pence, change_token, created_at, updated_at)
          VALUES (?, ?, ?, ?, ${ground}, ${state}, ?, ?, ${json(payload)}, ?, ?, ?, ?, ?, ?, ?, 0, ?, ${ts(payload)}, ${ts(payload)}) RETURNING id`,
    args: [r.returnNumber, r.orderId, r.customerId, r.email, r.ground, r.state, r.reason.slice(0, 1000), r.returnMethod, JSON.stringify(r.lines), bool(payload, r.wholeOrder), bool(payload, r.goodsDelivered), r.deliveredOn, r.requestedOn, r.refundDueOn, r.faultRemedy, r.exchangeVariantId ?? null, token, at, at],
  }
}

/** SQL true once the return carrying `token` exists. */
export function returnMarked(token: string): Stmt {
  return { sql: 'EXISTS (SELECT 1 FROM returns WHERE change_token = ?)', args: [token] }
}

/** A return's claim: moved from one of `from` to `to` with the columns given, marked with `token`. */
export function claimReturnStatement(payload: Payload, returnId: number, from: readonly ReturnState[], to: ReturnState, set: Readonly<Record<string, Arg>>, token: string, now: Date, also?: Stmt): Stmt {
  const cols = Object.keys(set)
  for (const c of cols) if (!/^[a-z_]+$/.test(c)) throw new Error(`returns: bad column ${c}`)
  return {
    sql: `UPDATE returns SET state = ${isPostgres(payload) ? 'CAST(? AS enum_returns_state)' : '?'}, ${cols.map((c) => `${c} = ?, `).join('')}change_token = ?, updated_at = ${ts(payload)} WHERE id = ? AND state IN (${from.map(() => '?').join(', ')})${also ? ` AND ${also.sql}` : ''}`,
    args: [to, ...cols.map((c) => set[c]!), token, now.toISOString(), returnId, ...from, ...(also?.args ?? [])],
  }
}

/** The return's history entry, appended where `when` holds (the return's row is found by `returnIdSql`). */
export function returnHistoryStatement(payload: Payload, returnIdSql: Stmt, entry: HistoryEntry, when: Stmt, now: Date): Stmt {
  return {
    sql: `INSERT INTO returns_history (_order, _parent_id, id, at, by_id, actor, "from", "to", note)
          SELECT (SELECT COALESCE(MAX(_order), 0) + 1 FROM returns_history WHERE _parent_id = (${returnIdSql.sql})), (${returnIdSql.sql}), CAST(? AS TEXT), ${ts(payload)}, CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT) WHERE ${when.sql}`,
    args: [...returnIdSql.args, ...returnIdSql.args, arrayRowId(now), entry.at, entry.by ?? null, entry.actor, entry.from ?? null, entry.to ?? null, entry.note, ...when.args],
  }
}

/** Further columns of a return written where `when` holds (a deduction recorded with its refund). */
export function setReturnColumnsStatement(returnId: number, set: Readonly<Record<string, Arg>>, now: Date, when: Stmt): Stmt {
  const cols = Object.keys(set)
  for (const c of cols) if (!/^[a-z_]+$/.test(c)) throw new Error(`returns: bad column ${c}`)
  return { sql: `UPDATE returns SET ${cols.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ? AND ${when.sql}`, args: [...cols.map((c) => set[c]!), now.toISOString(), returnId, ...when.args] }
}

/** An exchange's replacement order linked to its return, once (marked with `token`; a second link finds it made). */
export function linkExchangeOrderStatement(returnId: number, orderId: number, token: string): Stmt {
  return { sql: 'UPDATE returns SET exchange_order_id = ?, change_token = ? WHERE id = ? AND exchange_order_id IS NULL', args: [orderId, token, returnId] }
}

/** SQL naming the return with `token` (for statements written in the same unit as its insert). */
export const returnIdByToken = (token: string): Stmt => ({ sql: 'SELECT id FROM returns WHERE change_token = ?', args: [token] })
export const returnIdIs = (id: number): Stmt => ({ sql: 'SELECT CAST(? AS INTEGER)', args: [id] })

/** Units of each order line in returns that are not rejected (what is already on its way back or refunded). */
export async function returnedCounts(payload: Payload, orderId: number): Promise<Map<string, number>> {
  const rows = (await execute(payload, null, { sql: `SELECT lines FROM returns WHERE order_id = ? AND state <> 'rejected'`, args: [orderId] })).rows
  const counts = new Map<string, number>()
  for (const row of rows) {
    const lines = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as { lineId: string; count: number }[]
    for (const l of lines ?? []) counts.set(l.lineId, (counts.get(l.lineId) ?? 0) + Number(l.count))
  }
  return counts
}

/** How many returns the order has had (for the next return's number). */
export async function returnCountOf(payload: Payload, orderId: number): Promise<number> {
  const [row] = (await execute(payload, null, { sql: 'SELECT count(*) AS n FROM returns WHERE order_id = ?', args: [orderId] })).rows
  return Number(row?.n ?? 0)
}

/** The order whose payment paid a replacement's exchange credit (the replacement's checkout key names the exchange), for money going back the way it came. */
export async function creditSourceOf(payload: Payload, replacement: Pick<Order, 'checkoutKey'>): Promise<Order | null> {
  const returnNumber = exchangeOfOrderKey(replacement.checkoutKey)
  if (!returnNumber) return null
  const [row] = (await execute(payload, null, { sql: 'SELECT order_id FROM returns WHERE return_number = ?', args: [returnNumber] })).rows
  return row ? ((await payload.findByID({ collection: 'orders', id: Number(row.order_id), depth: 0, overrideAccess: true, disableErrors: true })) as Order | null) : null
}

/** The replacement order of an exchange return, once made. */
export async function replacementOf(payload: Payload, returnId: number): Promise<Order | null> {
  const r = (await payload.findByID({ collection: 'returns', id: returnId, depth: 0, overrideAccess: true, disableErrors: true })) as Return | null
  const id = r?.exchangeOrder == null ? null : typeof r.exchangeOrder === 'object' ? r.exchangeOrder.id : r.exchangeOrder
  return id == null ? null : ((await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true, disableErrors: true })) as Order | null)
}
