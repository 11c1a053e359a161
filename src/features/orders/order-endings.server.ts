// How an order ends without a sale (its payment failed, its hold ran out, its units were withdrawn, its Cycle to Work
// certificate was refused or lapsed): the declared change run by the record lifecycle (features/records), its units
// handed back to the reservation it completed or put back on the shelf, and a certificate order's card balance
// refunded. The payment notices (order-payment-notices.server.ts) and the sweeps and staff decisions
// (order-lifecycle.server.ts) end orders through these.
import 'server-only'
import type { Payload } from 'payload'
import { historyEntry as entry } from '../../cms/fields/history'
import type { Order } from '../../payload-types'
import { LIFECYCLE, ORDER_NOTES } from '../../domain/orders/order-status'
import { formatPence } from '../../domain/money'
import { CERTIFICATE_TRANSITIONS } from '../../domain/payments/certificate-lifecycle'
import { ledgerOf, orderStockRef } from '../stock/stock-ledger.server'
import { appendHistory, claim, makeStale, runTransition, type LifecycleDeps, type RecordWrite } from '../records/transition.server'
import { refundAndNote } from '../records/money-back.server'
import { returnOrderUnitToReservation } from '../reservations/reservation-lifecycle.server'
import { cardPencePayable, certificateStateOf } from './certificate-order'
import { certificateEmailJob, sendCertificateEmailNow, type CertificateEmailKind } from './confirmation-email.server'

/** What a step of an order's lifecycle answers: whether it changed the order, and what happened, in words for logs and staff. */
export type LifecycleOutcome = { readonly changed: boolean; readonly outcome: string; readonly orderId?: number }

/** An order as the record lifecycle knows it: its table, its row and the ledger ref of its units. */
export const recordOf = (order: Pick<Order, 'id'>) => ({ table: 'orders' as const, id: order.id, ref: orderStockRef(order.id) })

/** The products of an order's lines (whose pages show the stock it moves). */
export function productIdsOf(order: Order): number[] {
  return order.lines.map((l) => (typeof l.product === 'object' ? l.product.id : l.product))
}

/** The order as it is now (after a claim was lost to another change). */
export const reload = (payload: Payload, id: number): Promise<Order> => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })

/** A certificate still waiting when its order ends unpaid: not redeemed (lapsed), said in the order's history. */
export function certificateEnded(order: Order, why: string): { note: string; data?: RecordWrite } {
  if (certificateStateOf(order) !== 'submitted') return { note: '' }
  return { note: ` ${CERTIFICATE_TRANSITIONS.orderEnded.note({ why })}`, data: { certificate: { status: CERTIFICATE_TRANSITIONS.orderEnded.to } } }
}

/**
 * A Cycle to Work order whose certificate staff refused, or nobody confirmed in time: cancelled, its stock back on
 * sale (once: the claim is on the order's status and the certificate's), the customer told, and a card balance it
 * paid refunded to the card. Answers whether this call ended it.
 */
export async function endCertificateOrder(payload: Payload, order: Order, t: typeof LIFECYCLE.certificateRefused | typeof LIFECYCLE.certificateLapsed, note: string, email: CertificateEmailKind, deps: LifecycleDeps, now: Date, by?: { by?: number; actor: string }): Promise<boolean> {
  const data: RecordWrite = { stock: { couponCounted: false, holdExpiresAt: null }, certificate: { status: t.certificateTo } }
  const ended = await runTransition(payload, recordOf(order), t, { note, ...(by ? { actor: by.actor, by: by.by } : {}), data, stale: { reason: `order ${order.orderNumber}: certificate ${t.certificateTo}`, products: productIdsOf(order) }, then: (when) => [certificateEmailJob(payload, order.id, email, now, when)] }, now)
  if (!ended.ownerChanged) return false
  await refundCertificateBalance(payload, { ...order, status: t.to }, deps, now)
  await sendCertificateEmailNow(payload, order.id, email, ended.followUps, deps)
  return true
}

/** The card balance of a Cycle to Work order that will not go ahead, back to the card (once per order: the provider's key). */
export async function refundCertificateBalance(payload: Payload, order: Order, deps: LifecycleDeps, now: Date): Promise<void> {
  const paid = order.payment?.paidAt ? cardPencePayable(order) : 0
  const owed = paid - (order.payment?.refundedPence ?? 0)
  if (owed <= 0 || !order.payment?.reference) return
  const money = { provider: order.payment.provider, reference: order.payment.reference, amountPence: owed, key: `certificate-balance-refund-${order.orderNumber}` }
  await refundAndNote(payload, deps, { ...recordOf(order), status: order.status, number: order.orderNumber }, money, {
    actor: 'refunds',
    note: (outcome) =>
      'id' in outcome
        ? { note: `Card balance of ${formatPence(owed)} refunded to the card (${outcome.provider} ${outcome.id}).`, data: { payment: { refundedPence: (order.payment?.refundedPence ?? 0) + owed } } }
        : { note: `The card balance of ${formatPence(owed)} could not be refunded automatically: refund it by hand. ${outcome.error}` },
  }, now)
}

/**
 * An order that ends without a sale (its payment failed, or its hold ran out). The bike of an order that completed
 * a reservation goes back to that reservation (active again, deposit still refundable), never to the shelf, so the
 * deposit is neither lost nor counted twice; any other stock goes back on the shelf with the declared change.
 */
export async function endUnsold(payload: Payload, order: Order, t: typeof LIFECYCLE.paymentFailed | typeof LIFECYCLE.holdExpired | typeof LIFECYCLE.financeHoldExpired | typeof LIFECYCLE.stockWithdrawn, end: { note: string; back: (returned: boolean) => string; payment?: RecordWrite['payment']; data?: RecordWrite; stale?: string }, now: Date): Promise<'handed back' | 'released' | false> {
  const data: RecordWrite = { ...end.data, stock: { couponCounted: false, holdExpiresAt: null }, ...(end.payment ? { payment: end.payment } : {}) }
  const stale = end.stale ? { reason: end.stale, products: productIdsOf(order) } : undefined
  const moved = order.reservation != null && (await returnOrderUnitToReservation(payload, order, claim(recordOf(order), t, ''), now))
  if (moved) {
    await appendHistory(payload, recordOf(order), { ...data, status: t.to, stock: { ...data.stock, state: 'released' } }, entry(now, t.actor, t.from[0], t.to, end.back(moved === 'returned')), now)
    if (stale) await makeStale(payload, stale)
    return 'handed back'
  }
  return (await runTransition(payload, recordOf(order), t, { note: end.note, data, stale }, now)).ownerChanged && 'released'
}

/** Whether a unit of this order was withdrawn from under its hold (the only way an unpaid order has a released unit). */
export async function lostUnits(payload: Payload, orderId: number): Promise<boolean> {
  return (await ledgerOf(payload, orderStockRef(orderId))).some((row) => row.state === 'released')
}

export function endWithdrawn(payload: Payload, order: Order, now: Date): Promise<'handed back' | 'released' | false> {
  const t = LIFECYCLE.stockWithdrawn
  const back = (returned: boolean) => ORDER_NOTES.handedBack(ORDER_NOTES.withdrawnPayment, returned)
  return endUnsold(payload, order, t, { note: t.note(), back, payment: { failureMessage: ORDER_NOTES.withdrawnPayment }, stale: `order ${order.orderNumber}: units withdrawn` }, now)
}
