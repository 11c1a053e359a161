// What happens to an order after it is placed: paid, failed, expired, refunded. The changes are declared in
// LIFECYCLE (domain/orders/order-status.ts) and run by the record lifecycle (features/payments): each is claimed
// with a conditional update on the order row, so a repeated or racing event changes the order once.
import 'server-only'
import type { Payload, Where } from 'payload'
import { historyEntry as entry } from '../../cms/fields/history'
import type { Order } from '../../payload-types'
import { LIFECYCLE, ORDER_NOTES } from '../../domain/orders/order-status'
import { OVER_HELD_NOTE } from '../../domain/lifecycle'
import { certificateOrdersOwingRefunds, orderHasRefundRecords } from './order-rows.server'
import { confirmationJob, sendConfirmationNow as sendConfirmation } from './confirmation-email.server'
import { ledgerOf, orderStockRef } from '../stock/stock-ledger.server'
import { takeStock } from '../stock/take-stock.server'
import { ownerStatements } from '../records/owner-change.server'
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock'
import { formatPence } from '../../domain/money'
import { metrics } from '../../lib/observe/metrics.mjs'
import { amountMatches, applyNotice, findByNotice, type NoticeTarget, type PaymentNotice } from '../records/payment-notice.server'
import { decidePaymentNotice, type NoticeEvent, type NoticeFacts } from '../../domain/payments/notice-decision'
import { appendHistory, change, claim, makeStale, runTransition, sweep, type LifecycleDeps, type RecordWrite } from '../records/transition.server'
import { providerFor, refund, refundAndNote, settleOpenPayments } from '../records/money-back.server'
import { paymentProvider } from '../payments/providers.server'
import { creditNoteJob } from '../invoices/credit-note-jobs.server'
import type { Stmt } from '../../cms/sql.server'
import { returnOrderUnitToReservation } from '../reservations/reservation-lifecycle.server'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { cycleToWorkSettingsOf } from '../payments/cycle-to-work-settings'
import { CERTIFICATE_TRANSITIONS } from '../../domain/payments/certificate-lifecycle'
import { schemeLabel, type CycleScheme } from '../../domain/payments/cycle-to-work'
import { cardPencePayable, certificateStateOf, paidByCertificate } from './certificate-order'
import { certificateEmailJob, sendCertificateEmailNow, type CertificateEmailKind } from './confirmation-email.server'

export type LifecycleOutcome = { readonly changed: boolean; readonly outcome: string; readonly orderId?: number }

const NO_ORDER: LifecycleOutcome = { changed: false, outcome: 'no order with that number or payment reference' }
const recordOf = (order: Pick<Order, 'id'>) => ({ table: 'orders' as const, id: order.id, ref: orderStockRef(order.id) })

export const findOrderForPayment = (payload: Payload, notice: { orderNumber?: string; reference?: string }): Promise<Order | undefined> => findByNotice(payload, 'orders', 'orderNumber', notice)

/* One lifecycle change at a time per order in this process (see applyNotice). */
export const withOrderLock: KeyedLock<number> = keyedLock<number>()

export function productIdsOf(order: Order): number[] {
  return order.lines.map((l) => (typeof l.product === 'object' ? l.product.id : l.product))
}

/** What a card payment writes on the order it pays (on time, or late with its stock taken again). */
function paidData(notice: PaymentNotice, now: Date): RecordWrite {
  return { stock: { holdExpiresAt: null }, payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } }
}

/** The facts a payment notice is decided on (domain/payments/notice-decision.ts), from the order as it is now. */
function noticeFacts(order: Order, event: NoticeEvent, notice: PaymentNotice, after: Pick<NoticeFacts, 'claimLost' | 'unitsWithdrawn' | 'lateTake'> = {}): NoticeFacts {
  return { event, record: 'order', paidByCard: order.kind === 'card', status: order.status, expectedPence: cardPencePayable(order), paidAt: Boolean(order.payment?.paidAt), reference: order.payment?.reference ?? null, notice, certificate: certificateStateOf(order), ...after }
}

const reload = (payload: Payload, id: number): Promise<Order> => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })

// The steps themselves, run under the order lock (see the exported functions at the end).
async function paid(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
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

async function failed(payload: Payload, order: Order, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
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

async function refunded(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
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

/** A certificate still waiting when its order ends unpaid: not redeemed (lapsed), said in the order's history. */
function certificateEnded(order: Order, why: string): { note: string; data?: RecordWrite } {
  if (certificateStateOf(order) !== 'submitted') return { note: '' }
  return { note: ` ${CERTIFICATE_TRANSITIONS.orderEnded.note({ why })}`, data: { certificate: { status: CERTIFICATE_TRANSITIONS.orderEnded.to } } }
}

/**
 * A Cycle to Work order whose certificate staff refused, or nobody confirmed in time: cancelled, its stock back on
 * sale (once: the claim is on the order's status and the certificate's), the customer told, and a card balance it
 * paid refunded to the card. Answers whether this call ended it.
 */
async function endCertificateOrder(payload: Payload, order: Order, t: typeof LIFECYCLE.certificateRefused | typeof LIFECYCLE.certificateLapsed, note: string, email: CertificateEmailKind, deps: LifecycleDeps, now: Date, by?: { by?: number; actor: string }): Promise<boolean> {
  const data: RecordWrite = { stock: { couponCounted: false, holdExpiresAt: null }, certificate: { status: t.certificateTo } }
  const ended = await runTransition(payload, recordOf(order), t, { note, ...(by ? { actor: by.actor, by: by.by } : {}), data, stale: { reason: `order ${order.orderNumber}: certificate ${t.certificateTo}`, products: productIdsOf(order) }, then: (when) => [certificateEmailJob(payload, order.id, email, now, when)] }, now)
  if (!ended.ownerChanged) return false
  await refundCertificateBalance(payload, { ...order, status: t.to }, deps, now)
  await sendCertificateEmailNow(payload, order.id, email, ended.followUps, deps)
  return true
}

/** The card balance of a Cycle to Work order that will not go ahead, back to the card (once per order: the provider's key). */
async function refundCertificateBalance(payload: Payload, order: Order, deps: LifecycleDeps, now: Date): Promise<void> {
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
 * An order that ends without a sale (its payment failed, or its hold ran out). The bike of an order that completed
 * a reservation goes back to that reservation (active again, deposit still refundable), never to the shelf, so the
 * deposit is neither lost nor counted twice; any other stock goes back on the shelf with the declared change.
 */
async function endUnsold(payload: Payload, order: Order, t: typeof LIFECYCLE.paymentFailed | typeof LIFECYCLE.holdExpired | typeof LIFECYCLE.financeHoldExpired | typeof LIFECYCLE.stockWithdrawn, end: { note: string; back: (returned: boolean) => string; payment?: RecordWrite['payment']; data?: RecordWrite; stale?: string }, now: Date): Promise<'handed back' | 'released' | false> {
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
async function lostUnits(payload: Payload, orderId: number): Promise<boolean> {
  return (await ledgerOf(payload, orderStockRef(orderId))).some((row) => row.state === 'released')
}

function endWithdrawn(payload: Payload, order: Order, now: Date): Promise<'handed back' | 'released' | false> {
  const t = LIFECYCLE.stockWithdrawn
  const back = (returned: boolean) => ORDER_NOTES.handedBack(ORDER_NOTES.withdrawnPayment, returned)
  return endUnsold(payload, order, t, { note: t.note(), back, payment: { failureMessage: ORDER_NOTES.withdrawnPayment }, stale: `order ${order.orderNumber}: units withdrawn` }, now)
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

const orders = <N extends PaymentNotice>(lock: KeyedLock<number> | null, apply: NoticeTarget<Order, N, LifecycleOutcome>['apply']): NoticeTarget<Order, N, LifecycleOutcome> => ({ find: findOrderForPayment, lock, missing: NO_ORDER, apply })

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
