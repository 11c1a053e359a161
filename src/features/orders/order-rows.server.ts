// The orders table's hand-written SQL (no other feature file names its columns). Chiefly a new
// order written with plain INSERTs (the order row, its lines and its first history entry) in the caller's unit
// of work, and answered as Payload reads it at depth 0; at the end, the few single-column writes and reads of
// checkout.
//
// Why not Payload's create: for an order it validates every field, builds each insert through drizzle and
// reads the whole order back with its arrays, about 10 ms of CPU per checkout, a third of it (docs/perf-log.md,
// "Where a checkout's time goes"). Order placement builds the data itself from the priced basket, so there
// is nothing from a browser to validate here, and the orders collection has no hooks that act on a create
// (enforceOrderStatusChange looks at updates only).
//
// What this writes must be exactly what Payload's create writes for the same data (tests/int/order-rows.int.test.ts
// compares them). The new order's shape, its columns and the order as Payload reads it back are new-order.ts;
// the statements naming the orders tables are all here.
import 'server-only'
import { arrayRowId } from '../records/transition.server'
import type { Payload } from 'payload'
import type { Order } from '../../payload-types'
import { asRead, HISTORY_COLUMNS, LINE_COLUMNS, arrayRowsOf, orderColumns, type NewOrder } from './new-order'
import { execute, isPostgres, placeholders, sqliteBatch, type Arg, type Stmt, type TransactionId } from '../../cms/sql.server'

function insert(table: string, columns: readonly string[], rows: readonly (readonly Arg[])[], parent: { sql: string; args: readonly Arg[] }, returning = ''): Stmt {
  const quoted = ['"_order"', '"_parent_id"', ...columns.map((c) => `"${c}"`)]
  const values = rows.map(() => `(?, ${parent.sql}, ${placeholders(columns.length)})`).join(', ')
  return {
    sql: `INSERT INTO "${table}" (${quoted.join(', ')}) VALUES ${values}${returning}`,
    args: rows.flatMap((row, i) => [i + 1, ...parent.args, ...row]),
  }
}

/**
 * Writes `o` and answers it as Payload reads it at depth 0. PostgreSQL: one statement in the caller's
 * transaction (which must exist). SQLite: one atomic batch.
 */
export async function insertOrder(payload: Payload, transactionID: TransactionId, o: NewOrder, now: Date): Promise<Order> {
  const pg = isPostgres(payload)
  const stamp = now.toISOString()
  const columns = orderColumns(o, (b) => (pg ? (b ? 'true' : 'false') : b ? 1 : 0), stamp)
  const orderStmt: Stmt = {
    sql: `INSERT INTO "orders" (${columns.map(([c]) => `"${c}"`).join(', ')}) VALUES (${placeholders(columns.length)}) RETURNING "id"`,
    args: columns.map(([, v]) => v),
  }
  const lineIds = o.lines.map(() => arrayRowId(now))
  const historyIds = o.history.map(() => arrayRowId(now))
  const { lines: lineRows, history: historyRows } = arrayRowsOf(o, lineIds, historyIds)

  let id: number
  if (pg) {
    // One statement: the order, then its rows, each naming the new order's id (data-modifying CTEs).
    if (transactionID == null) throw new Error('insertOrder: PostgreSQL needs the caller’s transaction')
    const parent = { sql: '(SELECT "id" FROM o)', args: [] }
    const children = [
      ...(lineRows.length ? [insert('orders_lines', LINE_COLUMNS, lineRows, parent)] : []),
      ...(historyRows.length ? [insert('orders_history', HISTORY_COLUMNS, historyRows, parent)] : []),
    ]
    const created = await execute(payload, transactionID, {
      sql: `WITH o AS (${orderStmt.sql})${children.map((c, i) => `, c${i} AS (${c.sql})`).join('')} SELECT "id" FROM o`,
      args: [...orderStmt.args, ...children.flatMap((c) => c.args)],
    })
    id = Number(created.rows[0]?.id)
  } else {
    // One atomic batch; the rows find their order by its unique checkout key.
    const parent = { sql: '(SELECT "id" FROM "orders" WHERE "checkout_key" = ?)', args: [o.checkoutKey] }
    const results = await sqliteBatch(payload, [
      orderStmt,
      ...(lineRows.length ? [insert('orders_lines', LINE_COLUMNS, lineRows, parent)] : []),
      ...(historyRows.length ? [insert('orders_history', HISTORY_COLUMNS, historyRows, parent)] : []),
    ])
    id = Number(results[0]?.rows[0]?.id)
  }
  if (!Number.isInteger(id) || id <= 0) throw new Error('insertOrder: the database did not answer the new order’s id')
  return asRead(o, id, stamp, lineIds, historyIds)
}

/* ------------------------------------------------------------------------------------------------ */
/* Single-column writes and the reads checkout makes on the orders table                             */
//
// A column or two of one row: a single UPDATE, not Payload's update, which rewrites every line and history row
// of the order and reads it back (a third of a checkout's statements; docs/perf-log.md), and on SQLite does so
// outside a transaction (a crash there lost a paid order's lines).

/** Remembers the payment a provider started for an order. */
export async function setPaymentReference(payload: Payload, orderId: number, provider: string, reference: string, now: Date): Promise<void> {
  await execute(payload, null, { sql: 'UPDATE orders SET payment_provider = ?, payment_reference = ?, updated_at = ? WHERE id = ?', args: [provider, reference, now.toISOString(), orderId] })
}

/** Keeps the hash of an order's access token (never the token). */
export async function setAccessTokenHash(payload: Payload, orderId: number, hash: string): Promise<void> {
  await execute(payload, null, { sql: 'UPDATE orders SET access_token_hash = ? WHERE id = ?', args: [hash, orderId] })
}

/**
 * Orders of this kind still holding stock for this email address or account, and whether `orderNumber` is
 * taken, read with one statement (two of Payload's counts cost more to build than to run).
 * The holds are found through the email and account indexes, one count each (the account's orders under another
 * address in the second): kind and state are compared as text so that neither database reads them through their own
 * indexes. With `email = ? OR customer_id = ?` SQLite read every held order through the state index, so each card
 * checkout cost more the more unpaid orders there were (docs/perf-log.md, session 21).
 */
export async function openHoldsAndNumber(payload: Payload, transactionID: TransactionId, holder: { kind: Order['kind']; email: string; customerId?: number | null }, orderNumber: string): Promise<{ open: number; taken: boolean }> {
  const ofKindHeld = `CAST(kind AS TEXT) = ? AND CAST(stock_state AS TEXT) = 'held'`
  const [row] = (
    await execute(payload, transactionID, {
      sql: `SELECT (SELECT count(*) FROM orders WHERE email = ? AND ${ofKindHeld})
                 + (SELECT count(*) FROM orders WHERE customer_id = ? AND email IS DISTINCT FROM ? AND ${ofKindHeld}) AS open_holds,
                   (SELECT count(*) FROM orders WHERE order_number = ?) AS taken`,
      args: [holder.email, holder.kind, holder.customerId ?? null, holder.email, holder.kind, orderNumber],
    })
  ).rows
  return { open: Number(row?.open_holds ?? 0), taken: Number(row?.taken ?? 0) !== 0 }
}

/** The order a checkout key placed, if any: its id and stock state. */
export async function findByCheckoutKey(payload: Payload, transactionID: TransactionId, checkoutKey: string): Promise<{ id: number; stockState: Order['stock']['state'] } | undefined> {
  const [row] = (await execute(payload, transactionID, { sql: 'SELECT id, stock_state FROM orders WHERE checkout_key = ?', args: [checkoutKey] })).rows
  return row ? { id: Number(row.id), stockState: row.stock_state as Order['stock']['state'] } : undefined
}

/**
 * Adds money refunded by line or amount (a return, a cancellation) to the order's refunded total, in the unit of
 * work that records the refund (`when`: SQL true once that refund is recorded by this change). The total never
 * passes what was paid: the refund records are capped before any money moves.
 */
export function addRefundedStatement(orderId: number, amountPence: number, now: Date, when: Stmt): Stmt {
  return {
    sql: `UPDATE orders SET payment_refunded_pence = COALESCE(payment_refunded_pence, 0) + ?, updated_at = ? WHERE id = ? AND ${when.sql}`,
    args: [amountPence, now.toISOString(), orderId, ...when.args],
  }
}

/**
 * The order's claim as refunded once refunds by line or amount (returns, cancellations, part refunds) have given
 * back everything that was paid, with its history entry: written in the unit of work that records the refund that
 * completed the total (`when`), and only from `from`. Units stay where the returns put them: each return moves its
 * own back to the shelf when the goods come in, so this change moves none.
 */
export function refundedInFullStatements(payload: Payload, orderId: number, change: { readonly from: readonly string[]; readonly to: string; readonly actor: string; readonly note: string }, now: Date, when: Stmt): Stmt[] {
  const pg = isPostgres(payload)
  const at = now.toISOString()
  // What was paid: the total, and for an exchange's replacement the credit that paid for it too.
  const settled = `COALESCE(payment_refunded_pence, 0) >= total_pence + COALESCE(exchange_credit_pence, 0) AND total_pence + COALESCE(exchange_credit_pence, 0) > 0`
  const claimed: Stmt = { sql: `EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = ? AND ${settled})`, args: [orderId, change.to] }
  return [
    {
      sql: `UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status IN (${placeholders(change.from.length)}) AND ${settled} AND ${when.sql}`,
      args: [change.to, at, orderId, ...change.from, ...when.args],
    },
    {
      sql: `INSERT INTO orders_history ("_order", "_parent_id", "id", "at", "by_id", "actor", "from", "to", "note")
            SELECT (SELECT COALESCE(MAX("_order"), 0) + 1 FROM orders_history WHERE "_parent_id" = ?), ?, CAST(? AS TEXT), ${pg ? 'CAST(? AS timestamptz)' : '?'}, NULL, CAST(? AS TEXT), NULL, CAST(? AS TEXT), CAST(? AS TEXT)
            WHERE ${when.sql} AND ${claimed.sql} AND NOT EXISTS (SELECT 1 FROM orders_history WHERE "_parent_id" = ? AND "to" = ?)`,
      args: [orderId, orderId, arrayRowId(now), at, change.actor, change.to, change.note.slice(0, 500), ...when.args, ...claimed.args, orderId, change.to],
    },
  ]
}

/** Whether refund records (by line or amount, features/returns) exist for the order: their refunds are theirs to record. */
export async function orderHasRefundRecords(payload: Payload, orderId: number): Promise<boolean> {
  return (await execute(payload, null, { sql: 'SELECT 1 AS found FROM refunds WHERE order_id = ? LIMIT 1', args: [orderId] })).rows.length > 0
}

/**
 * Part of a Cycle to Work certificate's value handed back through its scheme (ADR 053), in the unit of work that
 * records the refund it belongs to (`when`): the certificate's returned total and state, and the order's history note.
 */
export function certificateReturnedStatements(payload: Payload, orderId: number, schemePence: number, note: string, now: Date, when: Stmt): Stmt[] {
  const pg = isPostgres(payload)
  const at = now.toISOString()
  return [
    {
      sql: `UPDATE orders SET certificate_returned_pence = COALESCE(certificate_returned_pence, 0) + ?, certificate_status = 'returned_to_scheme', updated_at = ? WHERE id = ? AND certificate_status IN ('confirmed', 'returned_to_scheme') AND ${when.sql}`,
      args: [schemePence, at, orderId, ...when.args],
    },
    {
      sql: `INSERT INTO orders_history ("_order", "_parent_id", "id", "at", "by_id", "actor", "from", "to", "note")
            SELECT (SELECT COALESCE(MAX("_order"), 0) + 1 FROM orders_history WHERE "_parent_id" = ?), ?, CAST(? AS TEXT), ${pg ? 'CAST(? AS timestamptz)' : '?'}, NULL, CAST(? AS TEXT), NULL, NULL, CAST(? AS TEXT)
            WHERE ${when.sql}`,
      args: [orderId, orderId, arrayRowId(now), at, 'refunds', note.slice(0, 500), ...when.args],
    },
  ]
}

/**
 * Cycle to Work orders that ended without their certificate (refused or lapsed) and still owe their paid card
 * balance back (a provider refusal, or a crash between the ending and the refund), at most `limit`: their ids.
 */
export async function certificateOrdersOwingRefunds(payload: Payload, limit: number): Promise<number[]> {
  const rows = await execute(payload, null, {
    sql: `SELECT id FROM orders WHERE status = 'cancelled' AND payment_method = 'cycle_to_work' AND certificate_status IN ('refused', 'lapsed') AND payment_paid_at IS NOT NULL
            AND COALESCE(payment_refunded_pence, 0) < total_pence - COALESCE(certificate_value_pence, 0) LIMIT ?`,
    args: [limit],
  })
  return rows.rows.map((row) => Number(row.id))
}
