// Exchanges (ADR 067) on the pure rules of domain/returns/exchange.ts: a customer swaps one unit of an order line
// for another size or colour of the same product. The old unit becomes a return (ground 'exchange') written, with
// its history, email and the job that makes the replacement, in one unit of work. The job writes the replacement as
// its own order for the new variant, paid first by what the old unit cost (the exchange credit): when that covers it,
// the order is paid and its unit sold to it at once, held for the customer while the old one comes back; when the
// new variant costs more, the order waits for the difference by card, its unit held as any unpaid order's is. When
// staff settle the return, its credit note gives back the old unit's full value, and only what the replacement did
// not use goes back to the card (refunds.server.ts).
import 'server-only'
import type { Payload } from 'payload'
import { historyEntry } from '../../cms/fields/history'
import { isUniqueViolation, type Stmt } from '../../cms/sql.server'
import { halt, runUnit } from '../../cms/unit-of-work.server'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { addDays } from '../../domain/booking/calendar'
import { REFUND_DAYS } from '../../domain/consumer-rights'
import { formatPence } from '../../domain/money'
import { CARD_HOLD_MINUTES } from '../../domain/orders/order-status'
import { exchangeOrderKey, planExchange } from '../../domain/returns/exchange'
import { planCancellation } from '../../domain/returns/return-request'
import { NO_SHIPPING } from '../../domain/basket/basket'
import { orderVatLines } from '../../domain/invoices/order-vat-lines'
import type { Order, Return } from '../../payload-types'
import { priceBasket } from '../basket/price-basket.server'
import { queueInvoiceJob } from '../invoices/issue-invoice.server'
import { markJobCompleted, queueJobStatement } from '../jobs/queue.server'
import { CREATE_EXCHANGE_ORDER } from '../jobs/task-names'
import { findByCheckoutKey, insertOrder } from '../orders/order-rows.server'
import { orderLineOf } from '../orders/new-order'
import { deletePendingOrder, uniqueOrderNumber } from '../orders/place-order.server'
import { EXCHANGE_PROVIDER } from '../payments/providers.server'
import { appendHistory, makeStale } from '../records/transition.server'
import { orderStockRef, releaseStock, returnSoldUnitsStatements } from '../stock/stock-ledger.server'
import { takeStock } from '../stock/take-stock.server'
import { ownerStatements } from '../records/owner-change.server'
import { loadOrderFacts, ukDay } from './order-facts.server'
import type { RefundDeps } from './refunds.server'
import { returnEmailJob, sendReturnEmailNow } from './return-email.server'
import { atomically, insertReturnStatement, linkExchangeOrderStatement, newToken, replacementOf, returnHistoryStatement, returnIdByToken, returnIdIs, returnMarked } from './return-rows.server'
import type { Actor, Outcome } from './return-outcome'

export interface ExchangeAsk {
  readonly lineId: string
  readonly toVariantId: number
  readonly reason: string
  /** How the old unit comes back once it has left: by post, or brought to the dealer. */
  readonly returnMethod: 'post' | 'dealer'
}

/** A variant a line may be exchanged for, as the form offers it: its name, its price now, and whether any is left. */
export interface ExchangeOption {
  readonly variantId: number
  readonly title: string
  /** null when it cannot be bought online at all (withdrawn, no price); 0 when it is on sale but none is left to price. */
  readonly pricePence: number | null
  readonly inStock: boolean
}

/** Every other variant of `productId` with what it costs now (VAT and charges in) and whether it has stock. */
export async function exchangeOptions(payload: Payload, productId: number, exceptVariantId: number | null): Promise<ExchangeOption[]> {
  const variants = await payload.find({ collection: 'variants', where: { product: { equals: productId } }, depth: 0, limit: 40, pagination: false, overrideAccess: true, select: { title: true }, sort: 'id' })
  const others = variants.docs.filter((v) => v.id !== exceptVariantId)
  if (others.length === 0) return []
  const priced = await Promise.all(others.map((v) => priceBasket(payload, [{ productId, variantId: v.id, count: 1 }], { deliveryMethod: 'free', images: false })))
  return others.map((v, i) => {
    const p = priced[i]!
    const line = p.lines[0]
    const gone = p.problems.some((x) => x.kind === 'product_gone')
    const short = p.problems.some((x) => x.kind === 'out_of_stock' || x.kind === 'count_reduced')
    return { variantId: v.id, title: line?.item.product.name ?? String((v as { title?: string }).title ?? `Variant ${v.id}`), pricePence: gone ? null : (line?.item.product.pricePence ?? 0), inStock: Boolean(line) && !short && !gone }
  })
}

/**
 * A customer's (or staff's) exchange of one unit of an order line. Refused as a cancellation would be (after the
 * cancellation period, or for what may not be cancelled), for a finance order, and for a variant that is not
 * another of the same product on sale with stock.
 */
export async function requestExchange(payload: Payload, order: Order, ask: ExchangeAsk, who: Actor, deps: RefundDeps = {}): Promise<Outcome<{ returnNumber: string; replacement: Order | null; toPayPence: number; refundPence: number }>> {
  const now = deps.now ?? new Date()
  const today = ukDay(now)
  if (order.kind !== 'card') return { ok: false, status: 409, message: 'A finance order cannot be exchanged online: call us and we will arrange it with your lender.' }
  const facts = await loadOrderFacts(payload, order)
  const plan = planCancellation(facts, [{ lineId: ask.lineId, count: 1 }], today)
  if (!plan.ok) return { ok: false, status: 409, message: plan.problem }
  const line = facts.lines.find((l) => l.lineId === ask.lineId)!
  const options = await exchangeOptions(payload, line.productId, line.variantId)
  const option = options.find((o) => o.variantId === ask.toVariantId)
  const unitPaidPence = Math.floor(line.paidPence / line.count)
  const exchange = planExchange({
    productId: line.productId,
    fromVariantId: line.variantId,
    // A variant of another product is not among the options: it is refused as "not the same product".
    to: option ? { productId: line.productId, variantId: option.variantId, pricePence: option.pricePence, inStock: option.inStock, title: option.title } : { productId: ask.toVariantId === line.variantId ? line.productId : -1, variantId: ask.toVariantId, pricePence: null, inStock: false, title: 'That item' },
    unitPaidPence,
  })
  if (!exchange.ok) return { ok: false, status: 409, message: exchange.problem }

  const returnNumber = facts.nextReturnNumber
  const cancelNow = plan.mode === 'cancel-now'
  const lines = [{ lineId: line.lineId, name: line.name, productId: line.productId, variantId: line.variantId, count: 1, paidPence: unitPaidPence }]
  const token = newToken()
  const when = returnMarked(token)
  const money = exchange.toPayPence > 0 ? ` ${formatPence(exchange.toPayPence)} to pay by card for the difference.` : exchange.refundPence > 0 ? ` ${formatPence(exchange.refundPence)} to refund to the card once the item is back.` : ' Same price: nothing to pay or refund.'
  const note = `Exchange asked: 1 × ${line.name} for ${option!.title} (${formatPence(exchange.replacementPence)}), paid by ${formatPence(exchange.creditPence)} of the item's value.${money} Reason: ${ask.reason}`.slice(0, 500)
  const stmts: Stmt[] = [
    insertReturnStatement(payload, {
      returnNumber, orderId: order.id, customerId: typeof order.customer === 'object' ? (order.customer?.id ?? null) : (order.customer ?? null), email: order.email,
      ground: 'exchange', state: 'requested', reason: ask.reason, returnMethod: cancelNow ? null : ask.returnMethod, lines, wholeOrder: false,
      goodsDelivered: !cancelNow, deliveredOn: facts.deliveredOn, requestedOn: today, refundDueOn: cancelNow ? addDays(today, REFUND_DAYS) : null, faultRemedy: null, exchangeVariantId: ask.toVariantId,
    }, token, now),
    returnHistoryStatement(payload, returnIdByToken(token), historyEntry(now, who.actor, null, 'requested', note, who.by), when, now),
  ]
  // An item that never left goes back on the shelf now; one with the customer only when staff receive it.
  if (cancelNow) stmts.push(...returnSoldUnitsStatements(payload, order.id, `return:${returnNumber}`, lines, now, when))
  const emailAt = stmts.length
  stmts.push(returnEmailJob(payload, null, 'requested', now, when, returnNumber))
  const jobAt = stmts.length
  stmts.push(queueJobStatement(payload, CREATE_EXCHANGE_ORDER, { returnNumber }, now, when))
  let results
  try {
    results = await atomically(payload, order.id, stmts)
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: 'Another change to this order was made at the same moment. Reload the page to see it.' }
    if (/NOT NULL/i.test(String((error as Error)?.message))) return { ok: false, status: 409, message: 'This item is no longer held for this order, so it cannot be exchanged here. Contact us.' }
    throw error
  }
  const returnId = Number(results[0]!.rows[0]?.id)
  if (cancelNow) await makeStale(payload, { reason: `order ${order.orderNumber} item exchanged`, products: [line.productId] })
  // The replacement is made now; the runner makes it after a crash (the job's key finds what a first run wrote).
  await runExchangeJobNow(payload, returnNumber, results[jobAt]!.rows[0]?.id, now)
  await sendReturnEmailNow(payload, returnId, 'requested', results[emailAt]!.rows[0]?.id, deps)
  return { ok: true, returnNumber, replacement: await replacementOf(payload, returnId), toPayPence: exchange.toPayPence, refundPence: exchange.refundPence }
}

/** The job run here and now (and marked done); a failure is left to the runner, which tries again. Never throws. */
async function runExchangeJobNow(payload: Payload, returnNumber: string, jobId: unknown, now: Date): Promise<void> {
  try {
    await createExchangeOrder(payload, returnNumber, now)
    if (jobId != null) await markJobCompleted(payload, Number(jobId), new Date())
  } catch (error) {
    payload.logger.warn({ err: error, returnNumber }, 'exchange: the replacement order was not made at once; the runner tries again')
  }
}

/**
 * The createExchangeOrder job: the replacement order of exchange `returnNumber`, once. Its checkout key is the
 * exchange's, so a second run (or a run after a crash between the order and its link) finds the order the first
 * made and links it. A variant sold out since it was asked for makes no order: the return's history says so, and
 * the return is then refunded in full, as any return.
 */
export async function createExchangeOrder(payload: Payload, returnNumber: string, now: Date = new Date()): Promise<string> {
  const found = await payload.find({ collection: 'returns', where: { returnNumber: { equals: returnNumber } }, depth: 0, limit: 1, overrideAccess: true, pagination: false })
  const r = found.docs[0] as Return | undefined
  if (!r) return `no return ${returnNumber}`
  const variantId = r.exchangeVariant == null ? null : typeof r.exchangeVariant === 'object' ? r.exchangeVariant.id : r.exchangeVariant
  if (r.ground !== 'exchange' || variantId == null) return `${returnNumber} is not an exchange`
  if (r.exchangeOrder != null) return `${returnNumber}: replacement already made`
  if (r.state === 'rejected') return `${returnNumber} was rejected: no replacement`
  const old = await payload.findByID({ collection: 'orders', id: typeof r.order === 'object' ? r.order.id : r.order, depth: 0, overrideAccess: true })
  const line = ((r.lines as { productId: number; name: string; paidPence: number }[]) ?? [])[0]
  if (!line) return `${returnNumber} has no line`
  const key = exchangeOrderKey(returnNumber)
  let placed = await findByCheckoutKey(payload, null, key)
  if (!placed) {
    const made = await placeReplacement(payload, { old, returnNumber, productId: line.productId, variantId, creditPence: line.paidPence, oldName: line.name, key }, now)
    if (!made.ok) {
      await atomically(payload, old.id, [returnHistoryStatement(payload, returnIdIs(r.id), historyEntry(now, 'shop', r.state, r.state, `No replacement: ${made.message} Refund the item in full instead.`.slice(0, 500)), { sql: '1 = 1', args: [] }, now)])
      return made.message
    }
    placed = { id: made.order.id, stockState: made.order.stock.state }
  }
  const replacement = await payload.findByID({ collection: 'orders', id: placed.id, depth: 0, overrideAccess: true })
  const linkToken = newToken()
  await atomically(payload, old.id, [
    linkExchangeOrderStatement(r.id, replacement.id, linkToken),
    returnHistoryStatement(payload, returnIdIs(r.id), historyEntry(now, 'shop', r.state, r.state, `Replacement order ${replacement.orderNumber}: ${replacement.status === 'paid' ? 'paid by the exchange credit; send it once this return is received' : `waiting for ${formatPence(replacement.totalPence)} by card for the difference`}.`), returnMarked(linkToken), now),
  ])
  return `replacement ${replacement.orderNumber}`
}

type Placed = { readonly ok: true; readonly order: Order } | { readonly ok: false; readonly message: string }

/**
 * The replacement order, written and given its unit in one unit of work (keyed by the exchange, so ten runs at once
 * make one): paid by the credit in full, it is paid now with its unit sold to it and its invoice queued; costing
 * more, it waits for the difference by card with its unit held as any unpaid order's.
 */
async function placeReplacement(payload: Payload, x: { old: Order; returnNumber: string; productId: number; variantId: number; creditPence: number; oldName: string; key: string }, now: Date): Promise<Placed> {
  const settings = await siteSettings(payload)
  return runUnit<Placed, Placed>(payload, { name: 'exchange replacement', key: x.key }, async (_run, unit) => {
    const again = await findByCheckoutKey(payload, unit.transactionID, x.key)
    if (again) return { ok: true, order: await payload.findByID({ collection: 'orders', id: again.id, depth: 0, overrideAccess: true, req: unit.req }) }
    const priced = await priceBasket(payload, [{ productId: x.productId, variantId: x.variantId, count: 1 }], { deliveryMethod: 'free', req: unit.req, now, settings, images: false })
    const item = priced.lines[0]?.item
    if (!item || priced.problems.some((p) => p.kind !== 'price_changed')) throw halt<Placed>({ ok: false, message: `${item?.product.name ?? 'The size or colour asked for'} is no longer available.` })
    const pricePence = item.product.pricePence
    const credit = Math.min(pricePence, x.creditPence)
    const paid = credit === pricePence
    const at = now.toISOString()
    const status = paid ? 'paid' : 'awaiting_payment'
    const orderNumber = await uniqueOrderNumber(payload, unit.req)
    const o = x.old
    const order = await insertOrder(payload, unit.transactionID, {
      orderNumber,
      kind: 'card',
      status,
      customer: typeof o.customer === 'object' ? (o.customer?.id ?? null) : (o.customer ?? null),
      firstName: o.firstName,
      lastName: o.lastName,
      email: o.email,
      phone: o.phone ?? '',
      address: { line1: o.address?.line1, line2: o.address?.line2, town: o.address?.town, county: o.address?.county, postcode: o.address?.postcode, country: 'GB' },
      // Sent or handed over the way the first order was, at no charge.
      delivery: { method: o.delivery.method, feePence: 0, feeToBeQuoted: false, firstName: o.delivery.firstName, lastName: o.delivery.lastName, shippingAddress: { ...o.delivery.shippingAddress, country: 'GB' } },
      lines: [orderLineOf({ ...item, count: 1 })],
      subtotalPence: priced.totals.subtotalPence,
      discountPence: 0,
      vatPence: priced.totals.vatPence,
      vatBreakdown: priced.totals.vatBreakdown.map((t) => ({ ...t })),
      vatLines: orderVatLines(priced.basket, { ...NO_SHIPPING, feePence: 0 }).map((p) => ({ ...p })),
      totalPence: pricePence - credit,
      reservationDepositPence: 0,
      exchangeCreditPence: credit,
      ...(paid ? { paid: { provider: EXCHANGE_PROVIDER, at } } : {}),
      stock: { state: 'pending', holdExpiresAt: new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000).toISOString(), couponCounted: false },
      checkoutKey: x.key,
      history: [
        {
          at,
          actor: 'shop',
          to: status,
          note: `Replacement for ${x.oldName} from order ${o.orderNumber} (exchange ${x.returnNumber}): ${formatPence(pricePence)}, of which ${formatPence(credit)} paid by the returned item's value${paid ? '. Send it once the exchange is received.' : `; ${formatPence(pricePence - credit)} to pay by card.`}`.slice(0, 500),
        },
      ],
    }, now)
    const taken = await takeStock(payload, unit.transactionID, orderStockRef(order.id), [{ productId: x.productId, variantId: x.variantId, count: 1 }], { state: paid ? 'sold' : 'held', owner: ownerStatements({ table: 'orders', id: order.id, stockState: paid ? 'committed' : 'held' }), now })
    if (!taken.ok) {
      if (unit.transactionID == null) await deletePendingOrder(payload, order.id)
      throw halt<Placed>({ ok: false, message: `${item.product.name} sold out just now.` })
    }
    if (paid) await queueInvoiceJob(payload, unit.transactionID, order.id, now)
    return { ok: true, order: { ...order, stock: { ...order.stock, state: paid ? 'committed' : 'held' } } }
  })
}

/**
 * A rejected exchange gets no replacement: one not yet sent and paid by the credit alone (or not paid at all) is
 * cancelled and its unit goes back on the shelf, once. One already sent, or partly paid by card, is refused: staff
 * settle it first (recall it, or refund its card part), so that nothing is given away and nothing is lost.
 */
export async function cancelReplacement(payload: Payload, r: Return, who: Actor, now: Date = new Date()): Promise<Outcome> {
  const replacement = await replacementOf(payload, r.id)
  if (!replacement || replacement.status === 'cancelled' || replacement.status === 'refunded') return { ok: true }
  const unsent = ['awaiting_payment', 'paid', 'processing', 'ready_for_collection']
  if (!unsent.includes(replacement.status) || (replacement.status !== 'awaiting_payment' && replacement.totalPence > 0)) {
    return { ok: false, status: 409, message: `The replacement order ${replacement.orderNumber} has been sent or was partly paid by card: settle it before rejecting this exchange.` }
  }
  const moved = await releaseStock(payload, null, orderStockRef(replacement.id), ['held', 'sold'], { owner: ownerStatements({ table: 'orders', id: replacement.id, fromStatuses: unsent, status: 'cancelled', stockState: 'released' }), now })
  if (!moved.ownerChanged) return { ok: false, status: 409, message: `The replacement order ${replacement.orderNumber} has just changed. Reload and try again.` }
  await appendHistory(payload, { table: 'orders', id: replacement.id }, {}, historyEntry(now, who.actor, replacement.status, 'cancelled', `Exchange ${r.returnNumber} rejected: this replacement is not sent, and its unit is back on the shelf.`, who.by), now)
  await makeStale(payload, { reason: `exchange ${r.returnNumber} rejected`, products: replacement.lines.map((l) => (typeof l.product === 'object' ? l.product.id : l.product)) })
  return { ok: true }
}
