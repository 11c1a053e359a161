// What happens to an order after it is placed: paid, failed, expired, refunded. The changes are declared in
// LIFECYCLE (domain/orders/order-status.ts) and run by the record lifecycle (features/records): each is claimed
// with a conditional update on the order row, so a repeated or racing event changes the order once. Here: the
// entry points under the order lock (payment notices, whose steps are order-payment-notices.server.ts), the sweep of
// expired holds, staff's certificate decisions and the orders a lower stock count ended; how an order ends unsold is
// order-endings.server.ts.
import 'server-only'
import type { Payload, Where } from 'payload'
import { historyEntry as entry } from '../../cms/fields/history'
import type { Order } from '../../payload-types'
import { LIFECYCLE, ORDER_NOTES } from '../../domain/orders/order-status'
import { OVER_HELD_NOTE } from '../../domain/lifecycle'
import { formatPence } from '../../domain/money'
import { schemeLabel, type CycleScheme } from '../../domain/payments/cycle-to-work'
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock'
import { metrics } from '../../lib/observe/metrics.mjs'
import { applyNotice, type PaymentNotice } from '../records/payment-notice.server'
import { appendHistory, makeStale, runTransition, sweep, type LifecycleDeps, type RecordWrite } from '../records/transition.server'
import { providerFor, settleOpenPayments } from '../records/money-back.server'
import { paymentProvider } from '../payments/providers.server'
import { certificateOrdersOwingRefunds } from './order-rows.server'
import { cardPencePayable, paidByCertificate } from './certificate-order'
import { confirmationJob, sendConfirmationNow as sendConfirmation } from './confirmation-email.server'
import { certificateEnded, endCertificateOrder, endUnsold, endWithdrawn, lostUnits, productIdsOf, recordOf, refundCertificateBalance, reload, type LifecycleOutcome } from './order-endings.server'
import { failed, orders, paid, refunded } from './order-payment-notices.server'

export type { LifecycleOutcome } from './order-endings.server'

/* One lifecycle change at a time per order in this process (see applyNotice). */
export const withOrderLock: KeyedLock<number> = keyedLock<number>()

/**
 * Card orders still unpaid when their hold runs out: the payment provider is asked first, and a payment
 * that did succeed marks the order paid instead; otherwise the open payments are cancelled, the order is
 * cancelled and its stock goes back, once.
 */
export async function releaseExpiredHolds(payload: Payload, now: Date = new Date(), deps: LifecycleDeps = {}): Promise<number> {
  const { holdExpired: card, financeHoldExpired: finance } = LIFECYCLE
  const due: Where = {
    and: [
      { 'stock.state': { equals: 'held' } },
      { 'stock.holdExpiresAt': { less_than: now.toISOString() } },
      { or: [{ and: [{ kind: { equals: 'card' } }, { status: { in: [...card.from] } }] }, { and: [{ kind: { equals: 'finance' } }, { status: { in: [...finance.from] } }, { financeStatus: { in: [...finance.financeFrom] } }] }] },
    ],
  }
  // The provider could not be asked: the hold stays until the next pass can ask it.
  const released = await sweep(payload, 'orders', due, withOrderLock, (order) => expireHold(payload, order, now, deps), (order, error) => payload.logger.warn({ err: error, order: order.orderNumber }, 'hold not released: the payment provider could not be asked'))
  if (released.length) await makeStale(payload, { reason: `${released.length} expired stock holds released`, products: released.flatMap(productIdsOf) })
  // Card balances of certificate orders still owed (a provider refusal or a crash between the ending and the refund): retried here.
  for (const id of await certificateOrdersOwingRefunds(payload, 50)) {
    await withOrderLock(id, async () => {
      const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true, disableErrors: true })
      if (order) await refundCertificateBalance(payload, order as Order, deps, now)
    })
  }
  return released.length
}

/**
 * Before an unpaid card order ends (its hold ran out, staff cancel it, its units were withdrawn), its open payments
 * are closed at its provider, so no payment page can take money for it afterwards. A payment that did succeed is
 * applied instead ('paid'); one still processing leaves the order as it is ('processing'). Throws when the
 * provider cannot be asked.
 */
export async function closeOrderPayments(payload: Payload, order: Order, deps: LifecycleDeps = {}): Promise<'paid' | 'processing' | 'closed'> {
  const provider = providerFor(payload, deps, order.payment?.provider) ?? paymentProvider(payload)
  return settleOpenPayments(provider, order, (notice) => {
    payload.logger.warn({ order: order.orderNumber }, 'closing an order’s payments found it paid: marking it paid instead of ending it')
    return markOrderPaidNow(payload, notice, { ...deps, provider, now: deps.now ?? new Date() })
  })
}

async function expireHold(payload: Payload, order: Order, now: Date, deps: LifecycleDeps): Promise<boolean> {
  if (order.kind === 'finance') {
    // An application nobody decided within its hold: cancelled, and the bike goes back on sale (or to its reservation).
    const t = LIFECYCLE.financeHoldExpired
    return Boolean(await endUnsold(payload, order, t, { note: t.note(), back: ORDER_NOTES.financeHandedBack, data: { financeStatus: 'cancelled' } }, now))
  }
  // A Cycle to Work order whose card balance is paid (or was never owed) waited for its certificate: it lapses.
  if (paidByCertificate(order) && (order.payment?.paidAt || cardPencePayable(order) === 0)) return Boolean(await endCertificateOrder(payload, order, LIFECYCLE.certificateLapsed, LIFECYCLE.certificateLapsed.note(), 'lapsed', deps, now))
  const settled = await closeOrderPayments(payload, order, { ...deps, now })
  const t = LIFECYCLE.holdExpired
  const back = (returned: boolean) => ORDER_NOTES.handedBack(ORDER_NOTES.holdExpired, returned)
  const certificate = certificateEnded(order, 'its card balance was not paid in time')
  return settled === 'closed' && Boolean(await endUnsold(payload, order, t, { note: `${t.note()}${certificate.note}`, back, payment: { failureMessage: ORDER_NOTES.holdExpiredPayment }, data: certificate.data }, now))
}

/** Staff confirmed the certificate with the scheme: the order is paid, its stock sold, its confirmation and invoice queued. */
export async function confirmCertificate(payload: Payload, order: Order, staff: { by?: number; actor: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const t = LIFECYCLE.certificateConfirmed
  const note = t.note({ scheme: schemeLabel(order.certificate!.scheme as CycleScheme), certificate: formatPence(order.certificate!.valuePence ?? 0), card: formatPence(order.payment?.paidAt ? cardPencePayable(order) : 0) })
  const data: RecordWrite = { stock: { holdExpiresAt: null }, certificate: { status: t.certificateTo }, ...(order.payment?.paidAt ? {} : { payment: { paidAt: now.toISOString() } }) }
  const sold = await runTransition(payload, recordOf(order), t, { note, actor: staff.actor, by: staff.by, data, then: confirmationJob(payload, order.id, now), stale: { reason: `order ${order.orderNumber} paid by certificate`, products: productIdsOf(order) } }, now)
  if (!sold.ownerChanged) return { changed: false, outcome: 'the order or its certificate changed meanwhile', orderId: order.id }
  await sendConfirmation(payload, order.id, sold.followUps, deps)
  return { changed: true, outcome: 'certificate confirmed: order paid', orderId: order.id }
}

/** Staff refused the certificate (the scheme would not redeem it): the order ends, its stock goes back, any card balance is refunded. */
export async function refuseCertificate(payload: Payload, order: Order, reason: string, staff: { by?: number; actor: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const t = LIFECYCLE.certificateRefused
  // An unpaid card balance's payment page is closed first, so no money can arrive for an order that will not go ahead.
  if (!order.payment?.paidAt && cardPencePayable(order) > 0 && order.payment?.reference) {
    const settled = await closeOrderPayments(payload, order, { ...deps, now })
    if (settled !== 'closed') return { changed: false, outcome: 'the card balance has just been paid or is still being processed: look again in a minute', orderId: order.id }
    order = await reload(payload, order.id)
  }
  const ended = await endCertificateOrder(payload, order, t, t.note({ reason }), 'refused', deps, now, staff)
  return ended ? { changed: true, outcome: 'certificate refused: order cancelled', orderId: order.id } : { changed: false, outcome: 'the order or its certificate changed meanwhile', orderId: order.id }
}

/**
 * The unpaid card orders a lower stock count withdrew units from (their ledger refs, from setOnHandStatements):
 * each ends now, under its lock, once its open payments are closed. A payment that already went through is
 * applied, finds its units gone and is refunded (see `paid`); an order whose provider cannot be asked, or whose
 * payment is still processing, stays until its hold expires, and money for it is refunded the same way.
 * Answers the orders ended.
 */
export async function endWithdrawnOrders(payload: Payload, refs: readonly string[], deps: LifecycleDeps = {}): Promise<number> {
  const ids = [...new Set(refs.flatMap((ref) => (/^order:\d+$/.test(ref) ? [Number(ref.slice(6))] : [])))]
  let ended = 0
  for (const id of ids) {
    try {
      const done = await withOrderLock(id, async () => {
        const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
        if (order.status !== 'awaiting_payment' || !(await lostUnits(payload, id))) return false
        if ((await closeOrderPayments(payload, order, deps)) !== 'closed') return false
        return Boolean(await endWithdrawn(payload, order, deps.now ?? new Date()))
      })
      if (done) ended++
    } catch (error) {
      payload.logger.warn({ err: error, orderId: id }, 'an order whose units were withdrawn could not be ended now: its hold expiry ends it, and a payment for it is refunded')
    }
  }
  return ended
}

/**
 * Holds a lower stock count could not withdraw (a paid deposit, a finance application, an order completing a
 * reservation): each record holding them gets a note for staff, once (not again while it is the latest note).
 */
export async function flagOverHeld(payload: Payload, over: readonly { readonly refs: readonly string[] }[], now: Date = new Date()): Promise<void> {
  for (const ref of new Set(over.flatMap((o) => o.refs))) {
    const match = /^(order|reservation):(\d+)$/.exec(ref)
    if (!match) continue
    const collection = match[1] === 'order' ? 'orders' : 'reservations'
    try {
      const record = await payload.findByID({ collection, id: Number(match[2]), depth: 0, overrideAccess: true })
      if (record.history?.at(-1)?.note === OVER_HELD_NOTE) continue
      await appendHistory(payload, { table: collection, id: record.id }, {}, entry(now, 'stock feed', record.status, record.status, OVER_HELD_NOTE), now)
      payload.logger.warn({ ref }, 'a stock count below the units held left a hold that needs staff')
    } catch (error) {
      payload.logger.error({ err: error, ref }, 'could not flag a hold beyond the stock count for staff')
    }
  }
}

/** A payment found while closing an order's open payments, applied under the lock its caller holds. */
function markOrderPaidNow(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps): Promise<LifecycleOutcome> {
  return applyNotice(payload, notice, deps, orders(null, paid))
}

/** Counts a payment outcome for /metrics when it changed an order; money sent back counts as refunded. */
function counted(result: LifecycleOutcome, outcome: 'taken' | 'failed' | 'refunded'): LifecycleOutcome {
  if (result.changed) metrics().payments.inc({ outcome: /refund/i.test(result.outcome) ? 'refunded' : outcome })
  return result
}

/** A payment succeeded. Idempotent: an order already paid (or past paid) is left alone. */
export async function markOrderPaid(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return counted(await applyNotice(payload, notice, deps, orders(withOrderLock, paid)), 'taken')
}

/** A payment failed: the order is cancelled and its stock and coupon use go back, once. */
export async function markPaymentFailed(payload: Payload, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return counted(await applyNotice(payload, notice, deps, orders(withOrderLock, failed)), 'failed')
}

/** The provider reports a refund (made here by staff, or in the provider's own dashboard). */
export async function markRefunded(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return counted(await applyNotice(payload, notice, deps, orders(withOrderLock, refunded)), 'refunded')
}
