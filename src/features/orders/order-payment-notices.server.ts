// What a payment notice does to an order (paid, failed, refunded), decided by the notice rules
// (domain/payments/notice-decision.ts) on the order as it is now: paid with its stock sold and confirmation queued, a
// late payment's stock taken again or its money sent back, money the order cannot keep refunded at once. Each change
// is claimed with a conditional update on the order row, so a repeated or racing notice changes the order once.
import 'server-only'
import type { Payload } from 'payload'
import { historyEntry as entry } from '../../cms/fields/history'
import type { Order } from '../../payload-types'
import { LIFECYCLE, ORDER_NOTES } from '../../domain/orders/order-status'
import { formatPence } from '../../domain/money'
import { decidePaymentNotice, type NoticeEvent, type NoticeFacts } from '../../domain/payments/notice-decision'
import type { Stmt } from '../../cms/sql.server'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { orderStockRef } from '../stock/stock-ledger.server'
import { takeStock } from '../stock/take-stock.server'
import { ownerStatements } from '../records/owner-change.server'
import { amountMatches, findByNotice, type NoticeTarget, type PaymentNotice } from '../records/payment-notice.server'
import { appendHistory, change, claim, makeStale, runTransition, type LifecycleDeps, type RecordWrite } from '../records/transition.server'
import { providerFor, refund, refundAndNote } from '../records/money-back.server'
import { cycleToWorkSettingsOf } from '../payments/cycle-to-work-settings'
import { creditNoteJob } from '../invoices/credit-note-jobs.server'
import type { KeyedLock } from '../../lib/keyed-lock'
import { orderHasRefundRecords } from './order-rows.server'
import { cardPencePayable, certificateStateOf } from './certificate-order'
import { certificateEmailJob, confirmationJob, sendCertificateEmailNow, sendConfirmationNow as sendConfirmation } from './confirmation-email.server'
import { certificateEnded, endUnsold, endWithdrawn, lostUnits, productIdsOf, recordOf, reload, type LifecycleOutcome } from './order-endings.server'

const NO_ORDER: LifecycleOutcome = { changed: false, outcome: 'no order with that number or payment reference' }

export const findOrderForPayment = (payload: Payload, notice: { orderNumber?: string; reference?: string }): Promise<Order | undefined> => findByNotice(payload, 'orders', 'orderNumber', notice)

/** Orders as the target of a payment notice: found by order number or payment reference, under `lock` when given. */
export const orders = <N extends PaymentNotice>(lock: KeyedLock<number> | null, apply: NoticeTarget<Order, N, LifecycleOutcome>['apply']): NoticeTarget<Order, N, LifecycleOutcome> => ({ find: findOrderForPayment, lock, missing: NO_ORDER, apply })

/** What a card payment writes on the order it pays (on time, or late with its stock taken again). */
function paidData(notice: PaymentNotice, now: Date): RecordWrite {
  return { stock: { holdExpiresAt: null }, payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } }
}

/** The facts a payment notice is decided on (domain/payments/notice-decision.ts), from the order as it is now. */
function noticeFacts(order: Order, event: NoticeEvent, notice: PaymentNotice, after: Pick<NoticeFacts, 'claimLost' | 'unitsWithdrawn' | 'lateTake'> = {}): NoticeFacts {
  return { event, record: 'order', paidByCard: order.kind === 'card', status: order.status, expectedPence: cardPencePayable(order), paidAt: Boolean(order.payment?.paidAt), reference: order.payment?.reference ?? null, notice, certificate: certificateStateOf(order), ...after }
}

/** A payment succeeded: decided by the notice rules, step by step, under the order lock (markOrderPaid in order-lifecycle.server.ts). */
export async function paid(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  if (order.payment?.reference && order.payment.reference !== notice.reference && order.kind === 'card') {
    payload.logger.warn({ order: order.orderNumber, reference: notice.reference }, 'payment success for a reference the order does not have')
  }
  let current = order
  let after: Pick<NoticeFacts, 'claimLost' | 'unitsWithdrawn' | 'lateTake'> = {}
  // Each step either ends the notice or changes what is known (a claim lost, units withdrawn, a late take tried), so this ends.
  for (;;) {
    const decided = decidePaymentNotice(noticeFacts(current, 'succeeded', notice, after))
    switch (decided.action) {
      case 'amount-mismatch':
        await amountMatches(payload, { ...recordOf(order), status: current.status, number: order.orderNumber }, cardPencePayable(order), notice, ORDER_NOTES.amountMismatch, now)
        return { changed: false, outcome: 'amount does not match the order total', orderId: order.id }
      case 'take': {
        // Paid, with its paid date, history entry and queued confirmation, all in one unit of work with the stock.
        const t = LIFECYCLE.paymentTaken
        const sold = await runTransition(payload, recordOf(order), t, { note: t.note(notice), from: current.status, data: paidData(notice, now), then: confirmationJob(payload, order.id, now) }, now)
        if (sold.ownerChanged) {
          await sendConfirmation(payload, order.id, sold.followUps, deps)
          void closeOtherPayments(payload, order, notice, deps)
          return { changed: true, outcome: 'order paid', orderId: order.id }
        }
        current = await reload(payload, order.id)
        after = { claimLost: true, unitsWithdrawn: current.status === 'awaiting_payment' && (await lostUnits(payload, order.id)) }
        break
      }
      case 'take-balance': {
        // A Cycle to Work order's card balance: recorded, and the stock stays held (not sold) while staff confirm the
        // certificate with the scheme, for the hours the settings give them; the customer is told it is with us.
        const t = LIFECYCLE.certificateBalancePaid
        const until = new Date(now.getTime() + cycleToWorkSettingsOf(await siteSettings(payload)).holdHours * 3_600_000).toISOString()
        const data: RecordWrite = { ...paidData(notice, now), stock: { holdExpiresAt: until } }
        const recorded = await runTransition(payload, recordOf(order), t, { note: t.note({ ...notice, until }), from: current.status, data, then: (when) => [certificateEmailJob(payload, order.id, 'submitted', now, when)] }, now)
        if (recorded.ownerChanged) {
          await sendCertificateEmailNow(payload, order.id, 'submitted', recorded.followUps, deps)
          void closeOtherPayments(payload, order, notice, deps)
          return { changed: true, outcome: 'card balance paid: waiting for staff to confirm the certificate', orderId: order.id }
        }
        current = await reload(payload, order.id)
        after = { claimLost: true }
        break
      }
      case 'end-withdrawn':
        // Its units were withdrawn while it waited (a stock count fell below the units held), so nothing was sold: the
        // order ends first, and the money is then what it is for any order that ended unpaid.
        await endWithdrawn(payload, current, now)
        current = await reload(payload, order.id)
        after = { claimLost: true }
        break
      case 'take-late': {
        // The money arrived after the hold ran out (or after a failure report): take the stock again if it is still
        // there (sold at once, with the order, in one unit of work), else give the money back straight away.
        const retaken = await takeLate(payload, current, notice, now)
        if (retaken.ok) {
          await makeStale(payload, { reason: `order ${order.orderNumber} paid late`, products: productIdsOf(order) })
          await sendConfirmation(payload, order.id, retaken.followUps, deps)
          return { changed: true, outcome: 'late payment: stock taken again, order paid', orderId: order.id }
        }
        after = { ...after, claimLost: true, lateTake: retaken.reason === 'short' ? 'short' : 'owner_changed' }
        break
      }
      case 'refund-late':
        return refundLatePayment(payload, current, notice, deps, now)
      case 'refund-unwanted':
        // Never kept: two payment pages of one checkout both paid, or a payment page paid after the order ended.
        return refundUnwantedPayment(payload, current, notice, deps, now)
      case 'ignore':
        return { changed: false, outcome: decided.outcome, orderId: order.id }
      default:
        throw new Error(`a payment success cannot ${decided.action} an order`)
    }
  }
}

/** A late payment's stock taken again and sold with the order, in one unit of work; answers the ledger's result. */
function takeLate(payload: Payload, order: Order, notice: PaymentNotice, now: Date): ReturnType<typeof takeStock> {
  const late = LIFECYCLE.latePaymentTaken
  const lines = order.lines.map((l) => ({ productId: typeof l.product === 'object' ? l.product.id : l.product, variantId: l.variant == null ? null : typeof l.variant === 'object' ? l.variant.id : l.variant, count: l.count }))
  const data = { ...paidData(notice, now), stock: { holdExpiresAt: null, couponCounted: order.stock.couponCounted ?? undefined } }
  const owner = change(payload, claim(recordOf(order), late, 'committed'), data, entry(now, late.actor, 'cancelled', late.to, late.note()), now, confirmationJob(payload, order.id, now))
  return takeStock(payload, null, orderStockRef(order.id), lines, { state: 'sold', owner: ownerStatements(owner), now })
}

/** Once an order is paid, the other payment pages of its checkout (if any) are closed so they cannot take money too. */
async function closeOtherPayments(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps): Promise<void> {
  try {
    const provider = providerFor(payload, deps, notice.provider)
    if (provider?.capabilities.manyOpenPaymentsPerOrder) await provider.closeOpenPayments({ orderNumber: order.orderNumber, reference: notice.reference })
  } catch (error) {
    payload.logger.warn({ err: error, order: order.orderNumber }, 'could not close the other payment pages of a paid order (a payment through one is refunded automatically)')
  }
}

/** A payment the order cannot keep is refunded at once, in full, and the order's history says so. */
async function refundUnwantedPayment(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const why = order.payment?.paidAt ? `the order was already paid (${order.payment.reference ?? 'another payment'})` : `the order is ${order.status}`
  const money = `${formatPence(notice.amountPence)} (${notice.provider} ${notice.reference})`
  const made = await refundAndNote(payload, deps, { ...recordOf(order), status: order.status, number: order.orderNumber }, { ...notice, key: `unwanted-payment-refund-${notice.reference}` }, { actor: 'payment webhook', note: (outcome) => ({ note: ORDER_NOTES.unwantedPayment(money, why, outcome) }) }, now)
  if (made.ok) payload.logger.warn({ order: order.orderNumber, reference: notice.reference }, 'unwanted payment refunded automatically')
  return { changed: true, outcome: made.ok ? 'unwanted payment refunded automatically' : 'unwanted payment: automatic refund failed, staff must refund', orderId: order.id }
}

async function refundLatePayment(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const made = await refund(payload, deps, { ...notice, key: `late-payment-refund-${order.orderNumber}` })
  const payment = { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString() }
  if (made.ok) {
    const t = LIFECYCLE.latePaymentRefunded
    await runTransition(payload, recordOf(order), t, { note: t.note(made.id), from: 'cancelled', data: { payment: { ...payment, refundedPence: notice.amountPence } } }, now)
    return { changed: true, outcome: 'late payment refunded: stock no longer available', orderId: order.id }
  }
  payload.logger.error({ err: made.error, order: order.orderNumber }, 'automatic refund of a late payment failed')
  await appendHistory(payload, recordOf(order), { status: 'cancelled', payment }, entry(now, 'payment webhook', 'cancelled', 'cancelled', ORDER_NOTES.lateRefundFailed(notice.amountPence, made.message)), now)
  return { changed: true, outcome: 'late payment: automatic refund failed, staff must refund', orderId: order.id }
}

/** A payment failed: the order ends unsold, unless another payment of it already succeeded. */
export async function failed(payload: Payload, order: Order, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const message = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  // A failure of one payment page says nothing when another payment of the order already succeeded.
  const decided = decidePaymentNotice(noticeFacts(order, 'failed', notice))
  if (decided.action === 'ignore') return { changed: false, outcome: decided.outcome, orderId: order.id }
  const t = LIFECYCLE.paymentFailed
  const payment = { provider: notice.provider, reference: notice.reference, failureMessage: message }
  const certificate = certificateEnded(order, 'its card balance was not paid')
  const ended = await endUnsold(payload, order, t, { note: `${t.note(message)}${certificate.note}`, back: (returned) => ORDER_NOTES.handedBack(`Payment failed: ${message}`, returned), payment, data: certificate.data, stale: `order ${order.orderNumber} payment failed` }, now)
  if (!ended) return { changed: false, outcome: `order is ${order.status}; a failure changes nothing now`, orderId: order.id }
  return { changed: true, outcome: ended === 'handed back' ? 'payment failed: order cancelled, bike held for its reservation again' : 'payment failed: order cancelled, stock released', orderId: order.id }
}

/** The provider reported a refund of the whole order: refunded, its coupon use given back, its credit note queued. */
export async function refunded(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  // Already refunded, or a refund of a payment the order never kept (an unwanted second payment): nothing changes.
  const decided = decidePaymentNotice(noticeFacts(order, 'refunded', notice))
  if (decided.action === 'ignore') return { changed: false, outcome: decided.outcome, orderId: order.id }
  // Refunds by line or amount are recorded by their own records (features/returns), stock and all: the provider's
  // report of one must not end the whole order.
  if (await orderHasRefundRecords(payload, order.id)) return { changed: false, outcome: 'refund recorded by a return or cancellation', orderId: order.id }
  const t = LIFECYCLE.refundReported
  const refundedBefore = order.payment?.refundedPence ?? 0
  const refundedPence = Math.min(order.totalPence, refundedBefore + notice.amountPence)
  const stale = { reason: `order ${order.orderNumber} refunded`, products: productIdsOf(order) }
  // The credit note against its invoice is queued with the change, so it exists exactly when the order is refunded.
  const creditNote = (when: Stmt | null) => [creditNoteJob(payload, { orderId: order.id, amountPence: refundedPence - refundedBefore }, now, when)]
  const release = await runTransition(payload, recordOf(order), t, { note: t.note(notice), from: order.status, data: { stock: { couponCounted: false }, payment: { refundedPence } }, stale, then: refundedPence > refundedBefore ? creditNote : undefined }, now)
  if (!release.ownerChanged) return { changed: false, outcome: `order is ${order.status}; a refund report changes nothing`, orderId: order.id }
  return { changed: true, outcome: 'order refunded by the provider', orderId: order.id }
}
