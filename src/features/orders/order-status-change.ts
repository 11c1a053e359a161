// Staff status changes on orders: only the allowed transitions, each recorded with who and when; cancel and
// refund put the stock back once; Refunded refunds the card through the payment provider first. A move the
// customer should hear about (ready to collect, dispatched, refunded, cancelled) queues their email with it.
import { APIError, type CollectionAfterChangeHook, type CollectionBeforeChangeHook, type Payload } from 'payload'
import { checkFinanceStatusChange, checkStaffStatusChange, ORDER_NOTES, releasesStock, type FinanceStatus, type OrderKind, type OrderStatus } from '../../domain/orders/order-status'
import { formatPence } from '../../domain/money'
import type { Order } from '../../payload-types'
import { revalidateProducts } from '../../cms/hooks/revalidate-storefront'
import { historyEntry as entry, staffActor, type HistoryEntry } from '../../cms/fields/history'
import { lockAndReread } from '../../cms/hooks/lock-rows-for-update'
import { isNotifiedStatus } from './status-email'
import { refundSplitOf } from './certificate-order'
import { CERTIFICATE_TRANSITIONS } from '../../domain/payments/certificate-lifecycle'
import { schemeLabel, type CycleScheme } from '../../domain/payments/cycle-to-work'


/**
 * What the shop's own code writes on an order (the payment and its refunded total, the stock's state, the Cycle to
 * Work certificate, the history) is kept as the order has it now whatever an update sends: the admin's form sends
 * back the values it loaded, which a refund or a webhook may have changed since. Staff change these only through
 * the status moves below; the checkout, webhooks and refunds write them with `context.orderLifecycle` or their own SQL.
 */
export const keepShopOwnedFields: CollectionBeforeChangeHook<Order> = ({ data, originalDoc, operation, context }) => {
  if (operation !== 'update' || !originalDoc || context?.orderLifecycle) return data
  return withShopOwnedFields(data, originalDoc)
}

/** `data` with what the shop writes on an order taken from `order`. */
function withShopOwnedFields(data: Partial<Order>, order: Order): Partial<Order> {
  const stock = order.stock ? { ...data.stock, state: order.stock.state, couponCounted: order.stock.couponCounted } : data.stock
  return { ...data, payment: order.payment, certificate: order.certificate, history: order.history, stock }
}

export const enforceOrderStatusChange: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, req, operation, context }) => {
  // Checkout, payment webhooks and hold expiry make their own checked changes.
  if (operation !== 'update' || !originalDoc || context?.orderLifecycle) return data
  const kind = originalDoc.kind as OrderKind
  const from = originalDoc.status as OrderStatus
  const to = (data.status ?? from) as OrderStatus
  const financeFrom = (originalDoc.financeStatus ?? null) as FinanceStatus | null
  const financeTo = (data.financeStatus === undefined ? financeFrom : data.financeStatus) as FinanceStatus | null
  if (to === from && financeTo === financeFrom) return data

  const soldInShowroom = originalDoc.payment?.provider === 'showroom'
  const statusCheck = checkStaffStatusChange(kind, from, to, { soldInShowroom })
  if (!statusCheck.ok) throw new APIError(statusCheck.message, 400, null, true)
  if (kind === 'finance') {
    const financeCheck = checkFinanceStatusChange(financeFrom, financeTo)
    if (!financeCheck.ok) throw new APIError(financeCheck.message, 400, null, true)
  } else if (financeTo !== financeFrom) {
    throw new APIError('Only finance orders have a finance application status.', 400, null, true)
  }

  const now = new Date()
  const { by, actor } = staffActor(req)
  const entries: HistoryEntry[] = []
  const payment = { ...originalDoc.payment, ...data.payment }

  let certificate = { ...originalDoc.certificate, ...data.certificate }
  if (to === 'refunded' && from !== 'refunded') {
    const reference = originalDoc.payment?.reference
    const owed = originalDoc.totalPence - (originalDoc.payment?.refundedPence ?? 0)
    // A Cycle to Work order: the card gets back only its balance; the certificate's part goes back through the scheme.
    const split = refundSplitOf(originalDoc, owed)
    // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
    const { providerNamed } = await import('../payments/providers.server')
    const provider = providerNamed(req.payload, originalDoc.payment?.provider)
    if ((!provider || !reference) && split.cardPence > 0) throw new APIError('This order has no card payment on record to refund. Nothing was changed.', 400, null, true)
    if (owed > 0) {
      try {
        if (split.cardPence > 0) {
          const refund = await provider!.refund(reference!, split.cardPence, `staff-refund-${originalDoc.orderNumber}`)
          entries.push(entry(now, actor, from, to, `Refunded ${split.cardPence}p to the card through ${provider!.name} (${refund.id}).`, by))
        }
        if (split.schemePence > 0) {
          certificate = { ...certificate, status: 'returned_to_scheme', returnedPence: (certificate.returnedPence ?? 0) + split.schemePence }
          entries.push(entry(now, actor, from, to, CERTIFICATE_TRANSITIONS.returnToScheme.note({ scheme: schemeLabel(originalDoc.certificate!.scheme as CycleScheme), amount: formatPence(split.schemePence) }), by))
        }
        // The refund's credit note, in this change's unit of work (ADR 049). Loaded when it runs, as above.
        const { issueCreditNote, wholeOrderRefundId } = await import('../invoices/credit-note.server')
        const credit = await issueCreditNote(req.payload, (await req.transactionID) ?? null, { order: originalDoc, refundId: wholeOrderRefundId(originalDoc.id), amountPence: owed, reason: 'Order refunded in full', now })
        entries.push(entry(now, actor, to, to, credit.ok ? `Credit note ${credit.creditNote.number} issued for ${formatPence(owed)}.` : credit.message, by))
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        req.payload.logger.warn({ err: error, order: originalDoc.orderNumber }, 'staff refund refused by the payment provider')
        throw new APIError(`The payment provider refused the refund, so the order was not changed: ${message}`, 400, null, true)
      }
    }
    payment.refundedPence = originalDoc.totalPence
  } else if (soldInShowroom && from === 'awaiting_payment' && to === 'paid') {
    const balance = originalDoc.totalPence
    payment.paidAt = now.toISOString()
    entries.push(entry(now, actor, from, to, `Balance of ${formatPence(balance)} paid in the showroom (recorded by staff; the ${formatPence(originalDoc.reservationDepositPence ?? 0)} reservation deposit was paid online).`, by))
  } else if (kind === 'card' && !soldInShowroom && from === 'awaiting_payment' && to === 'cancelled') {
    // Its payment pages close first, as when its hold expires, so no payment can arrive for it afterwards.
    await closePaymentsBeforeCancelling(req.payload, originalDoc)
    entries.push(entry(now, actor, from, to, 'Cancelled by staff; its open card payments were closed.', by))
  } else if (to !== from) {
    entries.push(entry(now, actor, from, to, ORDER_NOTES.staffChanged, by))
  }
  if (financeTo !== financeFrom) entries.push(entry(now, actor, financeFrom ?? undefined, financeTo ?? undefined, 'Finance application status changed by staff.', by))

  let stock = { ...originalDoc.stock, ...data.stock }
  // An order that completed a reservation and ends without a sale (an unpaid card order or showroom sale
  // cancelled, a finance application declined or cancelled) hands its bike back to the reservation,
  // so the deposit stays refundable; only when that is not possible does the bike go back on the shelf.
  let handedBack = false
  const endsWithoutSale = from === 'awaiting_payment' || (kind === 'finance' && !releasesStock(from, financeFrom))
  if (originalDoc.reservation != null && endsWithoutSale && releasesStock(to, financeTo)) {
    // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
    const { returnOrderUnitToReservation } = await import('../reservations/reservation-lifecycle.server')
    const moved = await returnOrderUnitToReservation(req.payload, originalDoc, { fromStatuses: [from], status: to }, now)
    if (moved) {
      handedBack = true
      stock = { ...stock, state: 'released', couponCounted: false, holdExpiresAt: null }
      entries.push(entry(now, actor, to, to, moved === 'returned' ? 'The bike is held for its reservation again.' : 'Stock put back on the shelf.', by))
    }
  }
  if (!handedBack && releasesStock(to, financeTo) && !releasesStock(from, financeFrom)) {
    // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
    const { orderStockRef, releaseStock } = await import('../stock/stock-ledger.server')
    const { ownerStatements } = await import('../records/owner-change.server')
    // Only the change whose release finds units still held or sold puts them back (and the coupon's use).
    const released = await releaseStock(req.payload, (await req.transactionID) ?? null, orderStockRef(originalDoc.id), ['held', 'sold'], { owner: ownerStatements({ table: 'orders', id: originalDoc.id, stockState: 'released' }) })
    if (released.rows > 0) {
      stock = { ...stock, state: 'released', couponCounted: false, holdExpiresAt: null }
      entries.push(entry(now, actor, to, to, 'Stock put back on the shelf.', by))
      const productIds = originalDoc.lines.map((l) => (typeof l.product === 'object' ? l.product.id : l.product))
      await revalidateProducts(req.payload, productIds, `order ${originalDoc.orderNumber} ${to}`)
    }
  }
  return { ...data, payment, stock, ...(originalDoc.payment?.method === 'cycle_to_work' ? { certificate } : {}), history: [...(originalDoc.history ?? []), ...entries] }
}

/**
 * Payload read the order before the hooks above ran and writes every column back after them, so a payment, an
 * expiry or a finance decision recorded on the row meanwhile (each in a unit of work of its own, which the money lock
 * of order-money-lock.ts does not hold back) would be written back as it was read: a paid order awaiting payment
 * again. So, last of the update's hooks, it locks the order's row and reads it again (PostgreSQL; SQLite writes one
 * unit of work at a time): a save that moves no status (a note, an address) takes the statuses and what the shop owns
 * (payment, stock, certificate, history) as they are now; one that moves a status is refused when the order has
 * meanwhile moved somewhere else. The row is locked here rather than before the read because staff's status moves run
 * units of their own on it (a bike handed back to its reservation, a payment that has just arrived recorded), which
 * would wait for it.
 */
export const keepChangesMadeMeanwhile: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, req, operation, context }) => {
  if (operation !== 'update' || !originalDoc || context?.orderLifecycle) return data
  const now = await lockAndReread(req, 'orders', originalDoc.id)
  if (!now) return data
  const status = data.status ?? originalDoc.status
  const financeStatus = data.financeStatus === undefined ? originalDoc.financeStatus : data.financeStatus
  if (status === originalDoc.status && financeStatus === originalDoc.financeStatus) {
    // On req.context as it is now: the read above made the request's context a new object, which `afterChange` gets.
    if (now.status !== originalDoc.status || now.financeStatus !== originalDoc.financeStatus) req.context[movedMeanwhileKey(originalDoc.id)] = true
    return { ...withShopOwnedFields(data, now), status: now.status, financeStatus: now.financeStatus }
  }
  const moved = (was: unknown, is: unknown, to: unknown) => is !== was && is !== to
  if (moved(originalDoc.status, now.status, status) || moved(originalDoc.financeStatus, now.financeStatus, financeStatus)) {
    throw new APIError('This order has just been changed by the shop (a payment, a refund or its finance application). Nothing was saved: reload it and make your change again.', 409, null, true)
  }
  return data
}

const movedMeanwhileKey = (orderId: number) => `orderMovedMeanwhile:${orderId}`

/**
 * Whether this update took the order's status from the row, moved meanwhile by the shop's own code: that move queued
 * its own email and follow-ups, so the `afterChange` hooks, which compare with what Payload read, don't again. Per
 * order, since a bulk update shares one context.
 */
export function movedMeanwhile(context: Record<string, unknown> | undefined, orderId: number): boolean {
  return context?.[movedMeanwhileKey(orderId)] === true
}

/** Closes an unpaid card order's payment pages before staff cancel it; refuses the change when that cannot be done. */
async function closePaymentsBeforeCancelling(payload: Payload, order: Order): Promise<void> {
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const { closeOrderPayments, withOrderLock } = await import('./order-lifecycle.server')
  let settled: Awaited<ReturnType<typeof closeOrderPayments>>
  try {
    settled = await withOrderLock(order.id, () => closeOrderPayments(payload, order))
  } catch (error) {
    payload.logger.warn({ err: error, order: order.orderNumber }, 'staff cancel refused: the payment provider could not be asked to close the order’s payments')
    throw new APIError('The payment service could not be reached to close this order’s payment page, so the order was not cancelled. Please try again in a minute.', 502, null, true)
  }
  if (settled === 'paid') throw new APIError('The customer has just paid for this order, so it was not cancelled: it is now Paid. Refund it if it should not go ahead.', 409, null, true)
  if (settled === 'processing') throw new APIError('A card payment for this order is still being processed, so it was not cancelled. Please try again in a few minutes.', 409, null, true)
}

/**
 * Staff moved the order into a status the customer hears about: its email is queued in the same unit of work
 * (on PostgreSQL Payload's transaction of this update is still open here; see queueOrderStatusEmail for SQLite).
 */
export const queueStatusEmail: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, req, operation, context }) => {
  if (operation !== 'update' || context?.orderLifecycle || movedMeanwhile(context, doc.id) || !previousDoc || doc.status === previousDoc.status || !isNotifiedStatus(doc.status)) return doc
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const { queueOrderStatusEmail } = await import('./confirmation-email.server')
  await queueOrderStatusEmail(req.payload, (await req.transactionID) ?? null, doc.id, doc.status, new Date())
  return doc
}

/** A lender's decision staff record on a finance application moves the customer's deal: approved, it is approved. */
export const joinDealOnFinanceApproval: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, req, operation, context }) => {
  if (operation !== 'update' || !previousDoc || movedMeanwhile(context, doc.id) || doc.kind !== 'finance' || doc.financeStatus !== 'approved' || previousDoc.financeStatus === 'approved') return doc
  const bike = doc.lines[0]
  const productId = bike ? (typeof bike.product === 'object' ? bike.product.id : bike.product) : null
  if (!productId) return doc
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const { joinDealQuietly } = await import('../deals/join-deal.server')
  await joinDealQuietly(req.payload, { step: 'finance_approved', reference: doc.orderNumber, firstName: doc.firstName, lastName: doc.lastName, email: doc.email, phone: doc.phone, customerId: typeof doc.customer === 'object' ? (doc.customer?.id ?? null) : (doc.customer ?? null), productId, productName: bike!.name })
  return doc
}
