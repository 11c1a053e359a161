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
// What this writes must be exactly what Payload's create writes for the same data:
// tests/int/order-rows.int.test.ts writes one order each way, on SQLite and on PostgreSQL, and compares
// them as Payload reads them. A field added to the orders collection fails that test until it is added here.
import 'server-only'
import { arrayRowId } from '../records/transition.server'
import type { Payload } from 'payload'
import type { Order } from '../../payload-types'
import type { VatRateTotal } from '../../domain/vat/vat'
import type { OrderVatPart } from '../../domain/invoices/order-vat-lines'
import { lineVatRatePercent, type BasketItem } from '../../domain/basket/basket'
import { execute, isPostgres, placeholders, sqliteBatch, type Arg, type Stmt, type TransactionId } from '../../cms/sql.server'

interface PostalAddress {
  readonly line1?: string | null
  readonly line2?: string | null
  readonly town?: string | null
  readonly county?: string | null
  readonly postcode?: string | null
  readonly country?: string | null
}

/** A new order as order placement builds it (the subset of Order it sets; everything else is empty). */
export interface NewOrder {
  readonly orderNumber: string
  readonly kind: Order['kind']
  readonly status: Order['status']
  readonly financeStatus?: Order['financeStatus']
  readonly customer?: number | null
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: PostalAddress
  readonly delivery: {
    readonly method: Order['delivery']['method']
    readonly feePence: number
    readonly feeToBeQuoted: boolean
    readonly firstName?: string | null
    readonly lastName?: string | null
    readonly shippingAddress?: PostalAddress
  }
  readonly lines: readonly {
    readonly product: number
    readonly variant?: number | null
    readonly name: string
    readonly sku?: string | null
    readonly unitPricePence: number
    readonly count: number
    readonly vatRatePercent: number
    readonly lineTotalPence: number
  }[]
  readonly couponCode?: string | null
  readonly coupon?: number | null
  readonly subtotalPence: number
  readonly discountPence: number
  readonly vatPence: number
  /** The VAT per treatment the total holds (ADR 044). */
  readonly vatBreakdown: readonly VatRateTotal[]
  /** Each line's VAT parts, labelled, for its invoice (ADR 049). */
  readonly vatLines: readonly OrderVatPart[]
  readonly totalPence: number
  /** How the customer pays (card when absent). */
  readonly paymentMethod?: NonNullable<Order['payment']>['method']
  /** A Cycle to Work certificate paying part of the order (ADR 053): submitted with it. */
  readonly certificate?: { readonly scheme: NonNullable<NonNullable<Order['certificate']>['scheme']>; readonly number: string; readonly redemptionCode: string; readonly valuePence: number; readonly status: NonNullable<NonNullable<Order['certificate']>['status']> }
  readonly reservation?: number | null
  readonly reservationDepositPence: number
  /** A replacement for an exchanged item: the part of its price paid by what the returned item cost. */
  readonly exchangeCreditPence?: number
  /** Paid when written (a replacement the exchange credit pays in full): who took it and when. */
  readonly paid?: { readonly provider: string; readonly at: string }
  readonly stock: { readonly state: Order['stock']['state']; readonly holdExpiresAt: string; readonly couponCounted: boolean }
  readonly finance?: { readonly quoteId: string; readonly lenderName: string; readonly funderCode: string; readonly facilityType: string; readonly figures: Record<string, unknown> }
  /** Required: the checkout key names the new row inside SQLite's batch. */
  readonly checkoutKey: string
  readonly accessTokenHash?: string | null
  readonly history: readonly { readonly at: string; readonly by?: number | null; readonly actor: string; readonly to: string; readonly note: string }[]
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value)

/** A priced basket line as an order line: its headline unit price, and the VAT rate it records (ADR 044). */
export function orderLineOf(item: BasketItem): NewOrder['lines'][number] {
  return {
    product: Number(item.product.productId),
    variant: item.product.variantId != null ? Number(item.product.variantId) : undefined,
    name: item.product.name.slice(0, 200),
    sku: item.product.sku?.slice(0, 60),
    unitPricePence: item.product.pricePence,
    count: item.count,
    vatRatePercent: lineVatRatePercent(item.product),
    lineTotalPence: item.product.pricePence * item.count,
  }
}

/** The order's columns and values (a group's fields are prefixed columns, as Payload stores them). */
function orderColumns(o: NewOrder, bool: (b: boolean) => Arg, now: string): [string, Arg][] {
  const ship = o.delivery.shippingAddress
  return [
    ['order_number', o.orderNumber],
    ['kind', o.kind],
    ['status', o.status],
    ['finance_status', orNull(o.financeStatus)],
    ['customer_id', orNull(o.customer)],
    ['first_name', o.firstName],
    ['last_name', o.lastName],
    ['email', o.email],
    ['phone', o.phone],
    ['address_line1', orNull(o.address.line1)],
    ['address_line2', orNull(o.address.line2)],
    ['address_town', orNull(o.address.town)],
    ['address_county', orNull(o.address.county)],
    ['address_postcode', orNull(o.address.postcode)],
    ['address_country', o.address.country ?? 'GB'],
    ['delivery_method', o.delivery.method],
    ['delivery_fee_pence', o.delivery.feePence],
    ['delivery_fee_to_be_quoted', bool(o.delivery.feeToBeQuoted)],
    ['delivery_first_name', orNull(o.delivery.firstName)],
    ['delivery_last_name', orNull(o.delivery.lastName)],
    ['delivery_shipping_address_line1', orNull(ship?.line1)],
    ['delivery_shipping_address_line2', orNull(ship?.line2)],
    ['delivery_shipping_address_town', orNull(ship?.town)],
    ['delivery_shipping_address_county', orNull(ship?.county)],
    ['delivery_shipping_address_postcode', orNull(ship?.postcode)],
    ['delivery_shipping_address_country', ship?.country ?? 'GB'],
    ['coupon_code', orNull(o.couponCode)],
    ['coupon_id', orNull(o.coupon)],
    ['subtotal_pence', o.subtotalPence],
    ['discount_pence', o.discountPence],
    ['vat_pence', o.vatPence],
    ['vat_breakdown', JSON.stringify(o.vatBreakdown)],
    ['vat_lines', JSON.stringify(o.vatLines)],
    ['total_pence', o.totalPence],
    ['reservation_id', orNull(o.reservation)],
    ['reservation_deposit_pence', o.reservationDepositPence],
    ['exchange_credit_pence', o.exchangeCreditPence ?? 0],
    ['payment_provider', orNull(o.paid?.provider)],
    ['payment_paid_at', orNull(o.paid?.at)],
    ['stock_state', o.stock.state],
    ['stock_hold_expires_at', o.stock.holdExpiresAt],
    ['stock_coupon_counted', bool(o.stock.couponCounted)],
    ['payment_refunded_pence', 0],
    ['payment_method', o.paymentMethod ?? 'card'],
    ['certificate_scheme', orNull(o.certificate?.scheme)],
    ['certificate_number', orNull(o.certificate?.number)],
    ['certificate_redemption_code', orNull(o.certificate?.redemptionCode)],
    ['certificate_value_pence', orNull(o.certificate?.valuePence)],
    ['certificate_status', orNull(o.certificate?.status)],
    ['certificate_returned_pence', null],
    ['finance_quote_id', orNull(o.finance?.quoteId)],
    ['finance_lender_name', orNull(o.finance?.lenderName)],
    ['finance_funder_code', orNull(o.finance?.funderCode)],
    ['finance_facility_type', orNull(o.finance?.facilityType)],
    ['finance_figures', o.finance ? JSON.stringify(o.finance.figures) : null],
    ['checkout_key', o.checkoutKey],
    ['access_token_hash', orNull(o.accessTokenHash)],
    ['updated_at', now],
    ['created_at', now],
  ]
}

function insert(table: string, columns: readonly string[], rows: readonly (readonly Arg[])[], parent: { sql: string; args: readonly Arg[] }, returning = ''): Stmt {
  const quoted = ['"_order"', '"_parent_id"', ...columns.map((c) => `"${c}"`)]
  const values = rows.map(() => `(?, ${parent.sql}, ${placeholders(columns.length)})`).join(', ')
  return {
    sql: `INSERT INTO "${table}" (${quoted.join(', ')}) VALUES ${values}${returning}`,
    args: rows.flatMap((row, i) => [i + 1, ...parent.args, ...row]),
  }
}

const LINE_COLUMNS = ['id', 'product_id', 'variant_id', 'name', 'sku', 'unit_price_pence', 'count', 'vat_rate_percent', 'line_total_pence'] as const
const HISTORY_COLUMNS = ['id', 'at', 'by_id', 'actor', 'from', 'to', 'note'] as const

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
  const lineRows = o.lines.map((l, i) => [lineIds[i]!, l.product, orNull(l.variant), l.name, orNull(l.sku), l.unitPricePence, l.count, l.vatRatePercent, l.lineTotalPence])
  const historyRows = o.history.map((h, i) => [historyIds[i]!, h.at, orNull(h.by), h.actor, null, h.to, h.note])

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

const address = (a: PostalAddress | undefined): Required<PostalAddress> => ({
  line1: orNull(a?.line1),
  line2: orNull(a?.line2),
  town: orNull(a?.town),
  county: orNull(a?.county),
  postcode: orNull(a?.postcode),
  country: a?.country ?? 'GB',
})

/** The order as Payload's findByID answers it at depth 0 with access overridden. */
function asRead(o: NewOrder, id: number, stamp: string, lineIds: readonly string[], historyIds: readonly string[]): Order {
  return {
    id,
    orderNumber: o.orderNumber,
    kind: o.kind,
    status: o.status,
    financeStatus: orNull(o.financeStatus),
    customer: orNull(o.customer),
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    address: address(o.address),
    delivery: {
      method: o.delivery.method,
      feePence: o.delivery.feePence,
      feeToBeQuoted: o.delivery.feeToBeQuoted,
      firstName: orNull(o.delivery.firstName),
      lastName: orNull(o.delivery.lastName),
      shippingAddress: address(o.delivery.shippingAddress),
    },
    lines: o.lines.map((l, i) => ({
      id: lineIds[i]!,
      product: l.product,
      variant: orNull(l.variant),
      name: l.name,
      sku: orNull(l.sku),
      unitPricePence: l.unitPricePence,
      count: l.count,
      vatRatePercent: l.vatRatePercent,
      lineTotalPence: l.lineTotalPence,
    })),
    couponCode: orNull(o.couponCode),
    coupon: orNull(o.coupon),
    subtotalPence: o.subtotalPence,
    discountPence: o.discountPence,
    vatPence: o.vatPence,
    vatBreakdown: o.vatBreakdown.map((t) => ({ ...t })),
    vatLines: o.vatLines.map((p) => ({ ...p })),
    totalPence: o.totalPence,
    reservation: orNull(o.reservation),
    reservationDepositPence: o.reservationDepositPence,
    exchangeCreditPence: o.exchangeCreditPence ?? 0,
    stock: { state: o.stock.state, holdExpiresAt: o.stock.holdExpiresAt, couponCounted: o.stock.couponCounted },
    payment: { provider: orNull(o.paid?.provider), method: o.paymentMethod ?? 'card', reference: null, paidAt: orNull(o.paid?.at), refundedPence: 0, failureMessage: null },
    certificate: {
      scheme: orNull(o.certificate?.scheme),
      number: orNull(o.certificate?.number),
      redemptionCode: orNull(o.certificate?.redemptionCode),
      valuePence: orNull(o.certificate?.valuePence),
      status: orNull(o.certificate?.status),
      returnedPence: null,
    },
    finance: {
      quoteId: orNull(o.finance?.quoteId),
      lenderName: orNull(o.finance?.lenderName),
      funderCode: orNull(o.finance?.funderCode),
      facilityType: orNull(o.finance?.facilityType),
      figures: o.finance ? o.finance.figures : null,
      references: [],
    },
    // the join field of part-exchange valuations: a new order has none yet; the finance step links its
    // valuation to the order after this write
    partExchange: { docs: [], hasNextPage: false },
    checkoutKey: o.checkoutKey,
    accessTokenHash: orNull(o.accessTokenHash),
    staffNotes: null,
    history: o.history.map((h, i) => ({ id: historyIds[i]!, at: h.at, by: orNull(h.by), actor: h.actor, from: null, to: h.to, note: h.note })),
    updatedAt: stamp,
    createdAt: stamp,
  }
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
