// What happens to an order after it is placed: paid, failed, expired, refunded. Every step is claimed with
// a conditional update on the order row first, so a repeated or racing event changes the order once.
import 'server-only'
import type { Payload, Where } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { revalidateProducts } from '../../cms/hooks/revalidate-storefront'
import type { Order } from '../../payload-types'
import { LIFECYCLE, type LifecycleChange } from '../../domain/orders/order-status'
import { confirmationEmail } from './confirmation-email'
import { orderStockRef, recordChange, releaseStock, sellHeldStock, takeStock, type ChangeRecord, type HoldState, type OwnerChange } from '../stock/stock-ledger.server'
import { env } from '../../config/env'
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock'
import { execute, isPostgres, type Arg } from '../../cms/sql.server'
import { queueJobStatement, runJobNow } from '../jobs/queue.server'
import { SEND_ORDER_CONFIRMATION } from '../jobs/task-names'
import { arrayRowId } from './order-rows.server'
import { formatPence } from '../../domain/money'
import { crashPoint } from '../../lib/crash-point'
import { metrics } from '../../lib/observe/metrics.mjs'

/** The claim on an order's row for one of the shop's own changes (LIFECYCLE in the domain): made only from its states. */
function claim(order: Pick<Order, 'id'>, change: LifecycleChange, stockState?: string): OwnerChange & { readonly status: string; readonly fromStatuses: readonly string[] } {
  return {
    table: 'orders',
    id: order.id,
    fromStatuses: change.from,
    status: change.to,
    ...(change.financeFrom ? { alsoWhere: { column: 'finance_status', in: change.financeFrom } } : {}),
    ...(stockState ? { stockState } : {}),
  }
}

/** The columns of an order a lifecycle change writes (a group's fields are prefixed columns, as Payload stores them). */
interface OrderWrite {
  readonly status?: Order['status']
  readonly financeStatus?: Order['financeStatus']
  readonly stock?: Partial<Order['stock']>
  readonly payment?: Partial<NonNullable<Order['payment']>>
}

function orderSets(payload: Payload, data: OrderWrite, now: Date, skip: readonly string[]): [string, Arg][] {
  const bool = (b: boolean): Arg => (isPostgres(payload) ? (b ? 'true' : 'false') : b ? 1 : 0)
  const sets: [string, Arg][] = []
  const put = (column: string, value: Arg | undefined) => {
    if (value !== undefined && !skip.includes(column)) sets.push([column, value])
  }
  put('status', data.status)
  put('finance_status', data.financeStatus)
  put('stock_state', data.stock?.state)
  put('stock_hold_expires_at', data.stock?.holdExpiresAt)
  if (data.stock?.couponCounted != null) put('stock_coupon_counted', bool(data.stock.couponCounted))
  put('payment_provider', data.payment?.provider)
  put('payment_reference', data.payment?.reference)
  put('payment_paid_at', data.payment?.paidAt)
  put('payment_failure_message', data.payment?.failureMessage)
  put('payment_refunded_pence', data.payment?.refundedPence)
  sets.push(['updated_at', now.toISOString()])
  return sets
}

/**
 * One lifecycle change as one unit of work: the claim on the order's row (its status condition), the other
 * columns it writes, its history entry and its follow-up work (`then`, such as the queued confirmation
 * email), together with whatever stock the caller moves. Nothing is rewritten through Payload's update, which
 * deletes and re-inserts an order's lines and history outside any transaction on SQLite.
 */
function change(payload: Payload, owner: OwnerChange, data: OrderWrite, history: HistoryEntry, now: Date, then?: ChangeRecord['then']): OwnerChange {
  const skip = [...(owner.status ? ['status'] : []), ...(owner.stockState ? ['stock_state'] : [])]
  const record: ChangeRecord = {
    table: 'orders_history',
    id: arrayRowId(now),
    columns: ['at', 'actor', 'from', 'to', 'note'],
    values: [history.at, history.actor ?? null, history.from ?? null, history.to ?? null, history.note ?? null],
    ...(then ? { then } : {}),
  }
  return { ...owner, set: [...(owner.set ?? []), ...orderSets(payload, data, now, skip)], record }
}

/** A note (and any columns) added to an order without a status condition: one atomic statement pair. */
async function appendHistory(payload: Payload, order: Pick<Order, 'id'>, data: OrderWrite, history: HistoryEntry, now: Date = new Date(history.at)): Promise<void> {
  await recordChange(payload, null, change(payload, { table: 'orders', id: order.id }, data, history, now))
}

/** What a card payment writes on the order it pays (on time, or late with its stock taken again). */
function paidData(notice: PaymentNotice, now: Date): OrderWrite {
  return { stock: { holdExpiresAt: null }, payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } }
}

/** The confirmation email's job, queued in the same unit of work as the payment that earns it. */
function confirmationJob(payload: Payload, orderId: number, now: Date): ChangeRecord['then'] {
  return (when) => [queueJobStatement(payload, SEND_ORDER_CONFIRMATION, { orderId }, now, when)]
}

type HistoryEntry = NonNullable<Order['history']>[number]

export interface LifecycleDeps {
  /** The provider that took the payment (needed only to refund a payment that came too late). */
  readonly provider?: PaymentProvider | null
  readonly email?: EmailSender
  readonly siteUrl?: string
  readonly now?: Date
}

export interface PaymentNotice {
  readonly orderNumber?: string
  readonly reference: string
  readonly amountPence: number
  readonly provider: string
}

export type LifecycleOutcome = { readonly changed: boolean; readonly outcome: string; readonly orderId?: number }

function entry(now: Date, actor: string, from: string | null, to: string | null, note: string): HistoryEntry {
  return { at: now.toISOString(), actor, from: from ?? undefined, to: to ?? undefined, note: note.slice(0, 500) }
}

export async function findOrderForPayment(payload: Payload, notice: { orderNumber?: string; reference?: string }): Promise<Order | undefined> {
  const where: Where | null = notice.orderNumber ? { orderNumber: { equals: notice.orderNumber } } : notice.reference ? { 'payment.reference': { equals: notice.reference } } : null
  if (!where) return undefined
  const found = await payload.find({ collection: 'orders', where, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0]
}

/*
 * One lifecycle change at a time per order in this process, so a success and a failure arriving together
 * cannot interleave (history and stock are read and written in steps). The conditional updates on the
 * order row remain the guard across processes.
 */
export const withOrderLock: KeyedLock<number> = keyedLock<number>()

async function locked(payload: Payload, notice: { orderNumber?: string; reference?: string }, fn: () => Promise<LifecycleOutcome>): Promise<LifecycleOutcome> {
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  return withOrderLock(order.id, fn)
}

async function reload(payload: Payload, id: number): Promise<Order> {
  return payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
}

export function productIdsOf(order: Order): number[] {
  return order.lines.map((l) => (typeof l.product === 'object' ? l.product.id : l.product))
}

function stockLines(order: Order) {
  return order.lines.map((l) => ({
    productId: typeof l.product === 'object' ? l.product.id : l.product,
    variantId: l.variant == null ? null : typeof l.variant === 'object' ? l.variant.id : l.variant,
    count: l.count,
  }))
}

/**
 * Puts an order's stock back on the shelf and gives its coupon use back, once: only the caller whose
 * release finds ledger rows still held (or sold) does it. Answers whether this call did it.
 */
export async function releaseOrderStock(payload: Payload, order: Order, from: readonly ('held' | 'committed')[] = ['held', 'committed'], transactionID: string | number | null = null): Promise<boolean> {
  const states: HoldState[] = from.map((s) => (s === 'committed' ? 'sold' : 'held'))
  const released = await releaseStock(payload, transactionID, orderStockRef(order.id), states, { owner: { table: 'orders', id: order.id, stockState: 'released' } })
  return released.rows > 0
}

/** Builds and sends an order's confirmation email (the job handler of SEND_ORDER_CONFIRMATION). */
export async function sendOrderConfirmation(payload: Payload, orderId: number, deps: LifecycleDeps = {}): Promise<void> {
  const order = await reload(payload, orderId)
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const mail = confirmationEmail(
    { ...order, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null } },
    { name: settings.dealerName, phone: settings.phone, email: settings.email, siteUrl: deps.siteUrl ?? env().SITE_URL },
  )
  const sender = deps.email ?? (await import('../../adapters/email/email.server')).emailSender()
  // One confirmation per order, however often the job runs (a crash after sending and before the job was
  // marked done runs it again): the carrier keeps one message per key (EmailMessage.idempotencyKey, ADR 025).
  await sender.send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'order-confirmation', idempotencyKey: `order-confirmation-${order.id}` })
  crashPoint('order-confirmation-sent')
}

/**
 * After a paid change committed with its queued confirmation: try that job now (the runner retries it if
 * this try fails or the process dies). With an email sender given (tests), the email is sent here and the
 * job marked done, so it is still sent once.
 */
async function sendConfirmation(payload: Payload, orderId: number, followUps: readonly Record<string, unknown>[][] | undefined, deps: LifecycleDeps): Promise<void> {
  const jobId = followUps?.[0]?.[0]?.id
  crashPoint('order-paid-committed')
  try {
    if (deps.email) {
      await sendOrderConfirmation(payload, orderId, deps)
      if (jobId != null) await execute(payload, null, { sql: 'UPDATE payload_jobs SET completed_at = ?, updated_at = ? WHERE id = ?', args: [new Date().toISOString(), new Date().toISOString(), Number(jobId)] })
      return
    }
    if (jobId == null) throw new Error('the confirmation job was not queued with the payment')
    await runJobNow(payload, Number(jobId))
  } catch (error) {
    payload.logger.warn({ err: error, orderId }, 'order confirmation email: first try failed; the runner retries it')
  }
}

// The steps themselves, run under the order lock (see the exported functions at the end).
async function markOrderPaidNow(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  if (order.kind !== 'card') return { changed: false, outcome: 'not a card order', orderId: order.id }
  if (order.payment?.reference && order.payment.reference !== notice.reference) {
    payload.logger.warn({ order: order.orderNumber, reference: notice.reference }, 'payment success for a reference the order does not have')
  }
  if (notice.amountPence !== order.totalPence) {
    await appendHistory(payload, order, {}, entry(now, 'payment webhook', order.status, order.status, `Payment of ${notice.amountPence}p does not match the order total ${order.totalPence}p; staff must check it.`), now)
    payload.logger.error({ order: order.orderNumber, amountPence: notice.amountPence }, 'payment amount does not match the order')
    return { changed: false, outcome: 'amount does not match the order total', orderId: order.id }
  }

  // Paid, with its paid date, history entry and queued confirmation, all in one unit of work with the stock.
  const paidNote = entry(now, 'payment webhook', order.status, LIFECYCLE.paymentTaken.to, `Paid ${notice.amountPence}p by card (${notice.provider} ${notice.reference}).`)
  const sold = await sellHeldStock(payload, null, orderStockRef(order.id), { owner: change(payload, claim(order, LIFECYCLE.paymentTaken, 'committed'), paidData(notice, now), paidNote, now, confirmationJob(payload, order.id, now)), now })
  if (sold.ownerChanged) {
    await sendConfirmation(payload, order.id, sold.followUps, deps)
    void closeOtherPayments(payload, order, notice, deps)
    return { changed: true, outcome: 'order paid', orderId: order.id }
  }

  const current = await reload(payload, order.id)
  // The money arrived after the hold ran out (or after a failure report): take the stock again if it is
  // still there (sold at once, with the order, in one unit of work), else give the money back straight away.
  if (current.status === 'cancelled' && !current.payment?.paidAt) {
    const lateNote = entry(now, 'payment webhook', 'cancelled', LIFECYCLE.latePaymentTaken.to, 'Payment arrived after the stock hold was released; the stock was still there and is taken again.')
    const retaken = await takeStock(payload, null, orderStockRef(order.id), stockLines(current), {
      state: 'sold',
      owner: change(payload, claim(order, LIFECYCLE.latePaymentTaken, 'committed'), { ...paidData(notice, now), stock: { holdExpiresAt: null, couponCounted: current.stock.couponCounted } }, lateNote, now, confirmationJob(payload, order.id, now)),
      now,
    })
    if (retaken.ok) {
      await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} paid late`)
      await sendConfirmation(payload, order.id, retaken.followUps, deps)
      return { changed: true, outcome: 'late payment: stock taken again, order paid', orderId: order.id }
    }
    if (retaken.reason === 'short') return refundLatePayment(payload, current, notice, deps, now)
  }

  // The same payment again (a replayed or racing webhook): nothing to change.
  if (current.payment?.reference === notice.reference && current.payment?.paidAt) {
    return { changed: false, outcome: `order is ${current.status}; this payment is already on it`, orderId: order.id }
  }
  // Money for an order that is already paid by another payment, or cancelled, refunded or expired: it is
  // never kept. (Two payment pages of one checkout both paid, or a payment page paid after the order ended.)
  if (current.status !== 'awaiting_payment') return refundUnwantedPayment(payload, current, notice, deps, now)
  return { changed: false, outcome: `order is ${current.status}; nothing to change`, orderId: order.id }
}

/** Once an order is paid, the other payment pages of its checkout (if any) are closed so they cannot take money too. */
async function closeOtherPayments(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps): Promise<void> {
  try {
    const provider = deps.provider ?? (await import('../payments/providers.server')).providerNamed(payload, notice.provider)
    if (provider?.name === 'test-gateway') await provider.closeOpenPayments({ orderNumber: order.orderNumber, reference: notice.reference })
  } catch (error) {
    payload.logger.warn({ err: error, order: order.orderNumber }, 'could not close the other payment pages of a paid order (a payment through one is refunded automatically)')
  }
}

/** A payment the order cannot keep is refunded at once, in full, and the order's history says so. */
async function refundUnwantedPayment(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const why = order.payment?.paidAt ? `the order was already paid (${order.payment.reference ?? 'another payment'})` : `the order is ${order.status}`
  const provider = deps.provider ?? (await import('../payments/providers.server')).providerNamed(payload, notice.provider)
  try {
    if (!provider) throw new Error(`no payment provider named ${notice.provider}`)
    const refund = await provider.refund(notice.reference, notice.amountPence, `unwanted-payment-refund-${notice.reference}`)
    await appendHistory(payload, order, {}, entry(now, 'payment webhook', order.status, order.status, `A further payment of ${formatPence(notice.amountPence)} (${notice.provider} ${notice.reference}) arrived but ${why}: refunded automatically (${refund.id}).`), now)
    payload.logger.warn({ order: order.orderNumber, reference: notice.reference }, 'unwanted payment refunded automatically')
    return { changed: true, outcome: 'unwanted payment refunded automatically', orderId: order.id }
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber, reference: notice.reference }, 'automatic refund of an unwanted payment failed')
    await appendHistory(payload, order, {}, entry(now, 'payment webhook', order.status, order.status, `A further payment of ${formatPence(notice.amountPence)} (${notice.provider} ${notice.reference}) arrived but ${why}, and the automatic refund FAILED: refund it by hand. ${error instanceof Error ? error.message : ''}`), now)
    return { changed: true, outcome: 'unwanted payment: automatic refund failed, staff must refund', orderId: order.id }
  }
}

async function refundLatePayment(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const provider = deps.provider ?? (await import('../payments/providers.server')).providerNamed(payload, notice.provider)
  try {
    if (!provider) throw new Error(`no payment provider named ${notice.provider}`)
    const refund = await provider.refund(notice.reference, notice.amountPence, `late-payment-refund-${order.orderNumber}`)
    await recordChange(
      payload,
      null,
      change(
        payload,
        claim(order, LIFECYCLE.latePaymentRefunded),
        { payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), refundedPence: notice.amountPence } },
        entry(now, 'payment webhook', 'cancelled', LIFECYCLE.latePaymentRefunded.to, `Payment arrived after the stock hold was released and the goods had sold out: refunded automatically (${refund.id}).`),
        now,
      ),
    )
    return { changed: true, outcome: 'late payment refunded: stock no longer available', orderId: order.id }
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'automatic refund of a late payment failed')
    await appendHistory(
      payload,
      order,
      { status: 'cancelled', payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString() } },
      entry(now, 'payment webhook', 'cancelled', 'cancelled', `Payment of ${notice.amountPence}p arrived after the hold was released and the automatic refund FAILED: refund it by hand. ${error instanceof Error ? error.message : ''}`),
      now,
    )
    return { changed: true, outcome: 'late payment: automatic refund failed, staff must refund', orderId: order.id }
  }
}

async function markPaymentFailedNow(payload: Payload, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  const message = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  // A failure of one payment page says nothing when another payment of the order already succeeded.
  if (order.payment?.paidAt || (order.payment?.reference && order.payment.reference !== notice.reference && order.status !== 'awaiting_payment')) {
    return { changed: false, outcome: `order is ${order.status}; a failure changes nothing now`, orderId: order.id }
  }
  if (order.reservation != null && (await handBackToReservation(payload, order, now, `Payment failed: ${message}`, 'payment webhook', { provider: notice.provider, reference: notice.reference, failureMessage: message }))) {
    return { changed: true, outcome: 'payment failed: order cancelled, bike held for its reservation again', orderId: order.id }
  }
  const note = entry(now, 'payment webhook', LIFECYCLE.paymentFailed.from[0], LIFECYCLE.paymentFailed.to, `Payment failed: ${message} Stock released.`)
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held'], {
    owner: change(payload, claim(order, LIFECYCLE.paymentFailed, 'released'), { stock: { couponCounted: false, holdExpiresAt: null }, payment: { provider: notice.provider, reference: notice.reference, failureMessage: message } }, note, now),
    now,
  })
  if (!release.ownerChanged) {
    return { changed: false, outcome: `order is ${order.status}; a failure changes nothing now`, orderId: order.id }
  }
  if (release.rows > 0) await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} payment failed`)
  return { changed: true, outcome: 'payment failed: order cancelled, stock released', orderId: order.id }
}

async function markRefundedNow(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  if (order.status === 'refunded') return { changed: false, outcome: 'already refunded', orderId: order.id }
  // A refund of a payment the order never kept (an unwanted second payment) changes nothing on the order.
  if (order.payment?.reference && order.payment.reference !== notice.reference) return { changed: false, outcome: 'refund of a payment this order did not keep', orderId: order.id }
  const from = order.status
  const note = entry(now, 'payment webhook', from, LIFECYCLE.refundReported.to, `Refund of ${notice.amountPence}p reported by ${notice.provider}. Stock restored.`)
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held', 'sold'], {
    owner: change(payload, claim(order, LIFECYCLE.refundReported, 'released'), { stock: { couponCounted: false }, payment: { refundedPence: Math.min(order.totalPence, (order.payment?.refundedPence ?? 0) + notice.amountPence) } }, note, now),
    now,
  })
  if (!release.ownerChanged) {
    return { changed: false, outcome: `order is ${order.status}; a refund report changes nothing`, orderId: order.id }
  }
  if (release.rows > 0) await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} refunded`)
  return { changed: true, outcome: 'order refunded by the provider', orderId: order.id }
}

/**
 * Card orders still unpaid when their hold runs out: the payment provider is asked first, and a payment
 * that did succeed marks the order paid instead; otherwise the open payments are cancelled, the order is
 * cancelled and its stock goes back, once.
 */
export async function releaseExpiredHolds(payload: Payload, now: Date = new Date(), deps: LifecycleDeps = {}): Promise<number> {
  const expired = await payload.find({
    collection: 'orders',
    where: {
      and: [
        { 'stock.state': { equals: 'held' } },
        { 'stock.holdExpiresAt': { less_than: now.toISOString() } },
        { or: [{ and: [{ kind: { equals: 'card' } }, { status: { in: [...LIFECYCLE.holdExpired.from] } }] }, { and: [{ kind: { equals: 'finance' } }, { status: { in: [...LIFECYCLE.financeHoldExpired.from] } }, { financeStatus: { in: [...LIFECYCLE.financeHoldExpired.financeFrom] } }] }] },
      ],
    },
    limit: 100,
    depth: 0,
    overrideAccess: true,
    pagination: false,
  })
  let count = 0
  const touched: number[] = []
  for (const order of expired.docs) {
    try {
      if (await withOrderLock(order.id, () => expireHold(payload, order, now, deps))) {
        count++
        touched.push(...productIdsOf(order))
      }
    } catch (error) {
      // The provider could not be asked: the hold stays until the next pass can ask it.
      payload.logger.warn({ err: error, order: order.orderNumber }, 'hold not released: the payment provider could not be asked')
    }
  }
  if (count) await revalidateProducts(payload, touched, `${count} expired stock holds released`)
  return count
}

async function expireHold(payload: Payload, order: Order, now: Date, deps: LifecycleDeps): Promise<boolean> {
  if (order.kind === 'finance') return expireFinanceHold(payload, order, now)
  const payments = await import('../payments/providers.server')
  const provider = deps.provider ?? payments.providerNamed(payload, order.payment?.provider) ?? payments.paymentProvider(payload)
  const settled = await provider.closeOpenPayments({ orderNumber: order.orderNumber, reference: order.payment?.reference })
  if (settled.status === 'succeeded') {
    payload.logger.warn({ order: order.orderNumber }, 'hold expiry found the order paid: marking it paid instead of releasing it')
    await markOrderPaidNow(payload, { orderNumber: order.orderNumber, reference: settled.reference, amountPence: settled.amountPence, provider: provider.name }, { ...deps, provider, now })
    return false
  }
  if (settled.status === 'processing') return false
  if (order.reservation != null && (await handBackToReservation(payload, order, now, 'hold expired: not paid within 15 minutes', 'hold expiry', { failureMessage: 'Not paid within 15 minutes: the stock hold expired.' }))) return true
  const note = entry(now, 'hold expiry', LIFECYCLE.holdExpired.from[0], LIFECYCLE.holdExpired.to, 'hold expired: not paid within 15 minutes; the provider confirmed no payment, open payments cancelled, stock released')
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held'], {
    owner: change(payload, claim(order, LIFECYCLE.holdExpired, 'released'), { stock: { couponCounted: false }, payment: { failureMessage: 'Not paid within 15 minutes: the stock hold expired.' } }, note, now),
    now,
  })
  return release.ownerChanged
}

/**
 * An unpaid order that completed a reservation: its bike goes back to the reservation (active again, deposit
 * still refundable), never to the shelf, so the deposit is neither lost nor counted twice.
 */
async function handBackToReservation(payload: Payload, order: Order, now: Date, why: string, actor: string, payment: Partial<NonNullable<Order['payment']>>): Promise<boolean> {
  const { returnOrderUnitToReservation } = await import('../reservations/reservation-lifecycle.server')
  const moved = await returnOrderUnitToReservation(payload, order, claim(order, LIFECYCLE.holdExpired), now)
  if (!moved) return false
  await appendHistory(
    payload,
    order,
    { status: 'cancelled', stock: { state: 'released', couponCounted: false, holdExpiresAt: null }, payment },
    entry(now, actor, LIFECYCLE.holdExpired.from[0], LIFECYCLE.holdExpired.to, `${why}. ${moved === 'returned' ? 'The bike is held for its reservation again.' : 'Stock released.'}`),
    now,
  )
  await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} cancelled`)
  return true
}

/** An application nobody decided within its hold: cancelled, and the bike goes back on sale. */
async function expireFinanceHold(payload: Payload, order: Order, now: Date): Promise<boolean> {
  if (order.reservation != null) {
    // An application for a reserved bike: the bike goes back to its reservation (deposit still refundable).
    const { returnOrderUnitToReservation } = await import('../reservations/reservation-lifecycle.server')
    const moved = await returnOrderUnitToReservation(payload, order, claim(order, LIFECYCLE.financeHoldExpired), now)
    if (moved) {
      await appendHistory(
        payload,
        order,
        { status: 'cancelled', financeStatus: 'cancelled', stock: { state: 'released', couponCounted: false } },
        entry(now, 'hold expiry', LIFECYCLE.financeHoldExpired.from[0], LIFECYCLE.financeHoldExpired.to, `finance application not decided before its hold expired: cancelled; ${moved === 'returned' ? 'the bike is held for its reservation again' : 'bike back on sale'}`),
        now,
      )
      return true
    }
    return false
  }
  const note = entry(now, 'hold expiry', LIFECYCLE.financeHoldExpired.from[0], LIFECYCLE.financeHoldExpired.to, 'finance application not decided before its hold expired: cancelled, bike back on sale')
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held'], {
    owner: change(payload, claim(order, LIFECYCLE.financeHoldExpired, 'released'), { financeStatus: 'cancelled', stock: { couponCounted: false } }, note, now),
    now,
  })
  return release.ownerChanged
}

/** A payment succeeded. Idempotent: an order already paid (or past paid) is left alone. */
export async function markOrderPaid(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return counted(await locked(payload, notice, () => markOrderPaidNow(payload, notice, deps)), 'taken')
}

/** Counts a payment outcome for /metrics (issue 27 §3) when it changed an order; money sent back counts as refunded. */
function counted(result: LifecycleOutcome, outcome: 'taken' | 'failed' | 'refunded'): LifecycleOutcome {
  if (result.changed) metrics().payments.inc({ outcome: /refund/i.test(result.outcome) ? 'refunded' : outcome })
  return result
}

/** A payment failed: the order is cancelled and its stock and coupon use go back, once. */
export async function markPaymentFailed(payload: Payload, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return counted(await locked(payload, notice, () => markPaymentFailedNow(payload, notice, deps)), 'failed')
}

/** The provider reports a refund (made here by staff, or in the provider's own dashboard). */
export async function markRefunded(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return counted(await locked(payload, notice, () => markRefundedNow(payload, notice, deps)), 'refunded')
}
