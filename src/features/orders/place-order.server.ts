// Places a card or finance order: prices the basket afresh (price-order.server.ts), holds its stock with one
// conditional update per line, counts the coupon within its limit and writes the order, all or nothing.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { revalidateProducts, revalidateProductSlugs } from '../../cms/hooks/revalidate-storefront'
import { MAX_OPEN_CARD_ORDERS, MAX_OPEN_FINANCE_APPLICATIONS, MAX_UNPAID_HOLDS_PER_NETWORK, maxUnpaidUnitsPerNetwork } from '../../domain/basket/order-limits'
import { generateOrderNumber } from '../../domain/orders/order-number'
import type { Order } from '../../payload-types'
import type { PricedBasket } from '../basket/price-basket.server'
import type { PlaceOrderInput, PlaceOrderRefusal, PlaceOrderResult } from './order-contract'
import { orderStockRef, shelfStockOf, transferHeldStock } from '../stock/stock-ledger.server'
import { takeStock } from '../stock/take-stock.server'
import type { LedgerItem } from '../stock/ledger-contract'
import { changeOwner, ownerStatements } from '../records/owner-change.server'
import { reservationStockRef } from '../reservations/reservation-lifecycle.server'
import { appendHistory } from '../records/transition.server'
import { historyEntry as entry } from '../../cms/fields/history'
import { depositDeduction } from '../../domain/reservations/reservation-rules'
import { formatPence } from '../../domain/money'
import { saleChangesPages } from '../../domain/catalogue/stock-status'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { certificateRedemption, paymentMethodRefusal } from './payment-method-check'
import { cycleToWorkSettingsOf } from '../payments/cycle-to-work-settings'
import { halt, runUnit, unitStep } from '../../cms/unit-of-work.server'
import { findByCheckoutKey, insertOrder, openHoldsAndNumber } from './order-rows.server'
import type { NewOrder } from './new-order'
import { checkReservation, newOrder, priceOrder, type ReservationToComplete } from './price-order.server'
import { metrics } from '../../lib/observe/metrics.mjs'
import { CARD_HOLD_MINUTES, cardPaymentRefusal } from '../../domain/orders/order-status'

/** How long a finance application keeps its bike unless site settings say otherwise. */
export const FINANCE_HOLD_HOURS = 72

/** One network already holds as much unpaid as the shop allows (ADR 022): refused before any stock is taken. */
export function networkHoldsRefusal(itemName: string | undefined): PlaceOrderRefusal {
  return {
    ok: false,
    status: 429,
    code: 'network_holds',
    message: `Too many unpaid orders, reservations and finance applications from your network are holding stock${itemName ? ` (the ${itemName} among them)` : ''}. Pay for one, or let it lapse, before starting another, or call us and we will help.`,
  }
}

function soldOut(itemId: string, name: string): PlaceOrderRefusal {
  const message = `Sorry, ${name} has just sold out: someone else bought the last one.`
  return { ok: false, status: 409, code: 'sold_out', message, problems: [{ itemId, message }] }
}

export async function uniqueOrderNumber(payload: Payload, req: Partial<PayloadRequest>): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = generateOrderNumber(randomBytes)
    const taken = await payload.count({ collection: 'orders', where: { orderNumber: { equals: candidate } }, overrideAccess: true, req })
    if (taken.totalDocs === 0) return candidate
  }
  throw new Error('Could not find a free order number')
}

/** Lines in a fixed order (table, id) so two orders never lock the same rows in opposite orders. */
function stockLinesOf(priced: PricedBasket): (LedgerItem & { itemId: string; name: string })[] {
  return priced.lines
    .map((l) => ({
      itemId: l.item.itemId,
      name: l.item.product.name,
      productId: Number(l.item.product.productId),
      variantId: l.item.product.variantId != null ? Number(l.item.product.variantId) : null,
      count: l.item.count,
      networkCap: maxUnpaidUnitsPerNetwork(l.kind),
    }))
    .sort((a, b) => (a.variantId ? 1 : 0) - (b.variantId ? 1 : 0) || (a.variantId ?? a.productId) - (b.variantId ?? b.productId))
}

/**
 * After a sale is committed: the pages of the products whose shown stock may have changed (read now, see
 * saleChangesPages). A sale of a well-stocked product changes no page, so a burst of checkouts leaves
 * the cached catalogue alone.
 */
async function revalidateSold(payload: Payload, lines: readonly LedgerItem[], priced: PricedBasket, reason: string): Promise<void> {
  const wanted = {
    products: [...new Set(lines.flatMap((l) => (l.variantId == null && l.productId != null ? [l.productId] : [])))],
    variants: [...new Set(lines.flatMap((l) => (l.variantId != null ? [l.variantId] : [])))],
  }
  let remaining: Awaited<ReturnType<typeof shelfStockOf>> | null = null
  try {
    remaining = await shelfStockOf(payload, wanted)
  } catch (error) {
    payload.logger.warn({ err: error }, 'could not read stock after a sale; its pages are made stale')
  }
  const left = (product: { readonly productId: number | string; readonly variantId?: number | string | null }) => (product.variantId != null ? remaining?.variants.get(Number(product.variantId)) : remaining?.products.get(Number(product.productId)))
  const changed = priced.lines.filter((l) => saleChangesPages(left(l.item.product)))
  await revalidateProductSlugs(changed.map((l) => l.item.product.slug), reason, payload.logger)
}

/** Removes an order that never got its stock (refused, or cut short by a crash); it holds nothing. */
export async function deletePendingOrder(payload: Payload, orderId: number): Promise<void> {
  await payload.delete({ collection: 'orders', where: { and: [{ id: { equals: orderId } }, { 'stock.state': { equals: 'pending' } }] }, overrideAccess: true, context: { orderLifecycle: true } })
}

/** The reservation records the order it became (after the move committed; the order also names the reservation). */
async function noteConversion(payload: Payload, reservationId: number, orderId: number, orderNumber: string, deposit: number, now: Date, finance: boolean): Promise<void> {
  try {
    const note = finance
      ? `Finance application ${orderNumber} made for the reserved bike: the held bike moved to the application; the ${formatPence(deposit)} deposit is part of the deposit on the agreement.`
      : `Completed online as order ${orderNumber}: the held bike moved to the order; the ${formatPence(deposit)} deposit comes off its total.`
    await appendHistory(payload, { table: 'reservations', id: reservationId }, { convertedOrder: orderId, stock: { state: 'committed' } }, entry(now, 'customer', 'active', 'converted', note))
  } catch (error) {
    payload.logger.error({ err: error, reservationId, orderNumber }, 'could not record a reservation’s conversion (the order names it)')
  }
}

export async function placeOrder(payload: Payload, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = new Date()
  let result = await placeNewOrder(payload, input, now)
  // Stock held by abandoned card checkouts goes back before a customer is told something is sold out (the
  // background runner also releases them every 30 s; this makes a lapsed hold available at once).
  if (!result.ok && result.code === 'sold_out' && (await releaseLapsedHolds(payload, now)) > 0) result = await placeNewOrder(payload, input, new Date())
  if (result.ok && result.created) {
    metrics().ordersPlaced.inc({ payment: input.kind })
    payload.logger.info({ order: result.orderNumber, totalPence: result.totalPence, kind: input.kind }, 'order placed')
  }
  return result
}

async function releaseLapsedHolds(payload: Payload, now: Date): Promise<number> {
  try {
    // Loaded on the path that needs it (a customer at the cap of unpaid orders): server-only, and the lifecycle's whole graph.
    const { releaseExpiredHolds } = await import('./order-lifecycle.server')
    return await releaseExpiredHolds(payload, now)
  } catch (error) {
    payload.logger.warn({ err: error }, 'releasing expired stock holds before refusing a checkout failed')
    return 0
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* The steps of placing an order                                                                     */

const alreadyPlaced = (order: Order): PlaceOrderResult => ({ ok: true, orderId: order.id, orderNumber: order.orderNumber, totalPence: order.totalPence, created: false, order })

/**
 * The order this checkout key already placed, if any. The unit holds the key's lock, so an order still
 * 'pending' here was cut short by a crash (start-up reconciliation removes it), not one being placed now.
 */
const findPlaced = unitStep('find the order this checkout placed', async (checkoutKey: string, { payload, transactionID, req }): Promise<Order | undefined> => {
  const placed = await findByCheckoutKey(payload, transactionID, checkoutKey)
  if (!placed) return undefined
  if (placed.stockState === 'pending') throw halt<PlaceOrderRefusal>({ ok: false, status: 409, code: 'in_progress', message: 'This order is still being placed. Please try again in a moment.' })
  return payload.findByID({ collection: 'orders', id: placed.id, depth: 0, overrideAccess: true, req })
})

/** Within the holds one customer may keep open, and a free order number. */
const numberOrder = unitStep('check the open holds and number the order', async (input: PlaceOrderInput, { payload, transactionID }): Promise<string> => {
  const candidate = generateOrderNumber(randomBytes)
  const { open, taken } = await openHoldsAndNumber(payload, transactionID, { kind: input.kind, email: input.contact.email, customerId: input.customerId }, candidate)
  const finance = input.kind === 'finance'
  if (open >= (finance ? MAX_OPEN_FINANCE_APPLICATIONS : MAX_OPEN_CARD_ORDERS)) {
    throw halt<PlaceOrderRefusal>({
      ok: false,
      status: 429,
      code: 'too_many_holds',
      message: finance
        ? `You already have ${open} finance applications waiting for a decision. Please wait for the dealer to decide, or call us, before applying again.`
        : `You already have ${open} unpaid orders holding stock. Pay for one, or wait ${CARD_HOLD_MINUTES} minutes for them to lapse, before starting another.`,
    })
  }
  return taken ? uniqueOrderNumber(payload, transactionID != null ? { transactionID } : {}) : candidate
})

/** The order, written 'pending': it holds nothing until its stock step marks it 'held'. */
const writeOrder = unitStep(
  'write the order',
  ({ order, now }: { order: NewOrder; now: Date }, { payload, transactionID }) => insertOrder(payload, transactionID, order, now),
  (order, _input, { payload }) => deletePendingOrder(payload, order.id),
)

/** The reservation's held bike becomes the order's in one unit of work: never back on the shelf between. */
const moveReservedBike = unitStep('move the reserved bike to the order', async ({ order, reservation, now }: { order: Order; reservation: ReservationToComplete; now: Date }, { payload, transactionID }): Promise<void> => {
  const moved = await transferHeldStock(payload, transactionID, reservationStockRef(reservation.id), orderStockRef(order.id), {
    owners: [
      ownerStatements({ table: 'reservations', id: reservation.id, fromStatuses: ['active'], status: 'converted', stockState: 'committed' }),
      ownerStatements({ table: 'orders', id: order.id, stockState: 'held' }),
    ],
    now,
  })
  if (!moved.ownerChanged || moved.rows === 0) {
    if (transactionID == null) await changeOwner(payload, null, { table: 'orders', id: order.id, stockState: 'pending' })
    throw halt<PlaceOrderRefusal>({ ok: false, status: 409, code: 'reservation_unavailable', message: 'Your reservation has just ended or changed, so this purchase could not use it. Nothing has been charged.' })
  }
})

/** Each line's stock and the coupon's use, taken with one conditional update each; the order marked 'held'. */
const takeOrderStock = unitStep(
  'take the stock',
  async ({ order, lines, couponId, network, now }: { order: Order; lines: ReturnType<typeof stockLinesOf>; couponId: number | null | undefined; network: string | null | undefined; now: Date }, { payload, transactionID }): Promise<void> => {
    const items: LedgerItem[] = [...lines, ...(couponId != null ? [{ couponId, count: 1 }] : [])]
    const taking = network ? { key: network, maxHolds: MAX_UNPAID_HOLDS_PER_NETWORK } : undefined
    const taken = await takeStock(payload, transactionID, orderStockRef(order.id), items, { owner: ownerStatements({ table: 'orders', id: order.id, stockState: 'held' }), now, network: taking })
    if (!taken.ok && taken.reason === 'network_cap') throw halt(networkHoldsRefusal(lines[taken.shortItem ?? -1]?.name))
    if (!taken.ok) {
      const line = taken.shortItem != null ? lines[taken.shortItem] : undefined
      throw halt<PlaceOrderRefusal>(line ? soldOut(line.itemId, line.name) : { ok: false, status: 422, code: 'coupon_invalid', message: 'That coupon has reached its usage limit.' })
    }
  },
)

/**
 * One checkout, as one unit of work under its checkout key's lock: the same checkout sent ten times at once
 * waits its turn and answers the one order the first placed.
 */
async function placeNewOrder(payload: Payload, input: PlaceOrderInput, now: Date): Promise<PlaceOrderResult> {
  // Read before the unit takes a connection: a read outside it while 50 checkouts each hold one would wait
  // for the pool forever.
  const settings = await siteSettings(payload)
  const placed = await runUnit<Placed, PlaceOrderRefusal>(payload, { name: 'place order', key: `checkout:${input.checkoutKey}` }, async (run) => {
    const existing = await run(findPlaced, input.checkoutKey)
    if (existing) return { existing }
    const reservation = input.reservation ? await run(checkReservation, input) : null
    const { priced, delivery, shipping } = await run(priceOrder, { input, reservation, settings, now })
    const orderNumber = await run(numberOrder, input)
    const deposit = reservation ? depositDeduction(priced.totals.totalPence, reservation.depositPence) : 0
    if (reservation && input.paymentMethod === 'cycle_to_work') throw halt<PlaceOrderRefusal>({ ok: false, status: 422, code: 'certificate_refused', message: 'A reserved bike is completed by card or finance; a Cycle to Work certificate pays for a new order of eligible goods.' })
    const methodRefusal = paymentMethodRefusal(input, priced, priced.totals.totalPence - deposit, settings)
    if (methodRefusal) throw halt(methodRefusal)
    // A certificate order with a card balance holds its stock for the card first; with none, straight away for staff to confirm it.
    const redeemed = input.kind === 'card' && input.paymentMethod === 'cycle_to_work' ? certificateRedemption(input, priced, priced.totals.totalPence, settings) : null
    const holdMinutes = input.kind === 'finance' ? (settings.finance?.applicationHoldHours ?? FINANCE_HOLD_HOURS) * 60 : redeemed?.ok && redeemed.balancePence === 0 ? cycleToWorkSettingsOf(settings).holdHours * 60 : CARD_HOLD_MINUTES
    const record = newOrder({ input, priced, delivery, shipping, orderNumber, deposit, reservation, now, holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000).toISOString() })
    const nothingToPay = input.kind === 'card' ? cardPaymentRefusal(record.totalPence) : null
    if (nothingToPay) throw halt<PlaceOrderRefusal>({ ok: false, status: 409, code: 'nothing_to_pay', message: nothingToPay })
    const order = await run(writeOrder, { order: record, now })
    if (reservation) {
      await run(moveReservedBike, { order, reservation, now })
      return { order, priced, reservation, deposit }
    }
    const lines = stockLinesOf(priced)
    await run(takeOrderStock, { order, lines, couponId: priced.couponId, network: input.network, now })
    return { order, priced, lines }
  })
  if ('ok' in placed) return placed
  if ('existing' in placed) return alreadyPlaced(placed.existing)

  // After the unit has committed: what the sale makes stale, and the reservation's own record of it.
  const { order, priced } = placed
  const reason = `order ${order.orderNumber} placed`
  if (placed.reservation) {
    await noteConversion(payload, placed.reservation.id, order.id, order.orderNumber, placed.deposit, now, input.kind === 'finance')
    await revalidateProducts(payload, priced.lines.map((l) => Number(l.item.product.productId)), reason)
  } else {
    await revalidateSold(payload, placed.lines, priced, reason)
  }
  return { ok: true, orderId: order.id, orderNumber: order.orderNumber, totalPence: order.totalPence, created: true, order }
}

type Placed =
  | { readonly existing: Order }
  | { readonly order: Order; readonly priced: PricedBasket; readonly reservation: ReservationToComplete; readonly deposit: number; readonly lines?: undefined }
  | { readonly order: Order; readonly priced: PricedBasket; readonly lines: ReturnType<typeof stockLinesOf>; readonly reservation?: undefined; readonly deposit?: undefined }
