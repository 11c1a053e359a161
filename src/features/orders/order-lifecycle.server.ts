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
import { changeOwner, orderStockRef, releaseStock, sellHeldStock, takeStock, type HoldState, type OwnerChange } from '../stock/stock-ledger.server'
import { env } from '../../config/env'
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock'

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

/** What a card payment writes on the order it pays (on time, or late with its stock taken again). */
function paidData(order: Order, notice: PaymentNotice, now: Date): Partial<Order> {
  return { status: 'paid', stock: { ...order.stock, state: 'committed', holdExpiresAt: null }, payment: { ...order.payment, provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } }
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

async function appendHistory(payload: Payload, order: Order, data: Partial<Order>, ...entries: HistoryEntry[]): Promise<Order> {
  const fresh = await reload(payload, order.id)
  return payload.update({
    collection: 'orders',
    id: order.id,
    overrideAccess: true,
    depth: 0,
    context: { orderLifecycle: true },
    data: { ...data, history: [...(fresh.history ?? []), ...entries] },
  })
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
  await sender.send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'order-confirmation' })
}

/** The confirmation leaves through the durable job queue, so a crash right after payment still sends it. */
async function sendConfirmation(payload: Payload, order: Order, deps: LifecycleDeps): Promise<void> {
  try {
    if (deps.email) return await sendOrderConfirmation(payload, order.id, deps)
    const { enqueueAndRun } = await import('../jobs/queue.server')
    const { SEND_ORDER_CONFIRMATION } = await import('../jobs/task-names')
    await enqueueAndRun(payload, SEND_ORDER_CONFIRMATION, { orderId: order.id })
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'order confirmation email could not be sent')
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
    await appendHistory(payload, order, {}, entry(now, 'payment webhook', order.status, order.status, `Payment of ${notice.amountPence}p does not match the order total ${order.totalPence}p; staff must check it.`))
    payload.logger.error({ order: order.orderNumber, amountPence: notice.amountPence }, 'payment amount does not match the order')
    return { changed: false, outcome: 'amount does not match the order total', orderId: order.id }
  }

  const sold = await sellHeldStock(payload, null, orderStockRef(order.id), { owner: claim(order, LIFECYCLE.paymentTaken, 'committed'), now })
  if (sold.ownerChanged) {
    const paid = await appendHistory(
      payload,
      order,
      paidData(order, notice, now),
      entry(now, 'payment webhook', order.status, LIFECYCLE.paymentTaken.to, `Paid ${notice.amountPence}p by card (${notice.provider} ${notice.reference}).`),
    )
    await sendConfirmation(payload, paid, deps)
    return { changed: true, outcome: 'order paid', orderId: order.id }
  }

  // The money arrived after the hold ran out (or after a failure report): take the stock again if it is
  // still there (sold at once, with the order, in one unit of work), else give the money back straight away.
  if (order.status === 'cancelled') {
    const current = await reload(payload, order.id)
    const retaken = await takeStock(payload, null, orderStockRef(order.id), stockLines(current), {
      state: 'sold',
      owner: claim(order, LIFECYCLE.latePaymentTaken, 'committed'),
      now,
    })
    if (retaken.ok) {
      const paid = await appendHistory(
        payload,
        current,
        paidData(current, notice, now),
        entry(now, 'payment webhook', 'cancelled', LIFECYCLE.latePaymentTaken.to, 'Payment arrived after the stock hold was released; the stock was still there and is taken again.'),
      )
      await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} paid late`)
      await sendConfirmation(payload, paid, deps)
      return { changed: true, outcome: 'late payment: stock taken again, order paid', orderId: order.id }
    }
    if (retaken.reason === 'short') return refundLatePayment(payload, current, notice, deps, now)
  }

  return { changed: false, outcome: `order is ${order.status}; nothing to change`, orderId: order.id }
}

async function refundLatePayment(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const provider = deps.provider ?? (await import('../payments/providers.server')).providerNamed(payload, notice.provider)
  try {
    if (!provider) throw new Error(`no payment provider named ${notice.provider}`)
    const refund = await provider.refund(notice.reference, notice.amountPence, `late-payment-refund-${order.orderNumber}`)
    await changeOwner(payload, null, claim(order, LIFECYCLE.latePaymentRefunded))
    await appendHistory(
      payload,
      order,
      { status: 'refunded', payment: { ...order.payment, provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), refundedPence: notice.amountPence } },
      entry(now, 'payment webhook', 'cancelled', LIFECYCLE.latePaymentRefunded.to, `Payment arrived after the stock hold was released and the goods had sold out: refunded automatically (${refund.id}).`),
    )
    return { changed: true, outcome: 'late payment refunded: stock no longer available', orderId: order.id }
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'automatic refund of a late payment failed')
    await appendHistory(
      payload,
      order,
      { status: 'cancelled', payment: { ...order.payment, provider: notice.provider, reference: notice.reference, paidAt: now.toISOString() } },
      entry(now, 'payment webhook', 'cancelled', 'cancelled', `Payment of ${notice.amountPence}p arrived after the hold was released and the automatic refund FAILED: refund it by hand. ${error instanceof Error ? error.message : ''}`),
    )
    return { changed: true, outcome: 'late payment: automatic refund failed, staff must refund', orderId: order.id }
  }
}

async function markPaymentFailedNow(payload: Payload, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  const message0 = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  if (order.reservation != null && (await handBackToReservation(payload, order, now, `Payment failed: ${message0}`, 'payment webhook', { provider: notice.provider, reference: notice.reference, failureMessage: message0 }))) {
    return { changed: true, outcome: 'payment failed: order cancelled, bike held for its reservation again', orderId: order.id }
  }
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held'], { owner: claim(order, LIFECYCLE.paymentFailed, 'released'), now })
  if (!release.ownerChanged) {
    return { changed: false, outcome: `order is ${order.status}; a failure changes nothing now`, orderId: order.id }
  }
  const released = release.rows > 0
  const message = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  await appendHistory(
    payload,
    order,
    { status: 'cancelled', stock: { ...order.stock, state: released ? 'released' : order.stock.state, couponCounted: false, holdExpiresAt: null }, payment: { ...order.payment, provider: notice.provider, reference: notice.reference, failureMessage: message } },
    entry(now, 'payment webhook', LIFECYCLE.paymentFailed.from[0], LIFECYCLE.paymentFailed.to, `Payment failed: ${message}${released ? ' Stock released.' : ''}`),
  )
  if (released) await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} payment failed`)
  return { changed: true, outcome: 'payment failed: order cancelled, stock released', orderId: order.id }
}

async function markRefundedNow(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  if (order.status === 'refunded') return { changed: false, outcome: 'already refunded', orderId: order.id }
  const from = order.status
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held', 'sold'], {
    owner: claim(order, LIFECYCLE.refundReported, 'released'),
    now,
  })
  if (!release.ownerChanged) {
    return { changed: false, outcome: `order is ${order.status}; a refund report changes nothing`, orderId: order.id }
  }
  const released = release.rows > 0
  await appendHistory(
    payload,
    order,
    { status: 'refunded', stock: { ...order.stock, state: released ? 'released' : order.stock.state, couponCounted: false }, payment: { ...order.payment, refundedPence: Math.min(order.totalPence, (order.payment?.refundedPence ?? 0) + notice.amountPence) } },
    entry(now, 'payment webhook', from, LIFECYCLE.refundReported.to, `Refund of ${notice.amountPence}p reported by ${notice.provider}.${released ? ' Stock restored.' : ''}`),
  )
  if (released) await revalidateProducts(payload, productIdsOf(order), `order ${order.orderNumber} refunded`)
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
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held'], { owner: claim(order, LIFECYCLE.holdExpired, 'released'), now })
  if (!release.ownerChanged) return false
  await appendHistory(
    payload,
    order,
    { status: 'cancelled', stock: { ...order.stock, state: 'released', couponCounted: false }, payment: { ...order.payment, failureMessage: 'Not paid within 15 minutes: the stock hold expired.' } },
    entry(now, 'hold expiry', LIFECYCLE.holdExpired.from[0], LIFECYCLE.holdExpired.to, `hold expired: not paid within 15 minutes; the provider confirmed no payment, open payments cancelled, stock released (${release.rows} ledger rows)`),
  )
  return true
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
    { status: 'cancelled', stock: { ...order.stock, state: 'released', couponCounted: false, holdExpiresAt: null }, payment: { ...order.payment, ...payment } },
    entry(now, actor, LIFECYCLE.holdExpired.from[0], LIFECYCLE.holdExpired.to, `${why}. ${moved === 'returned' ? 'The bike is held for its reservation again.' : 'Stock released.'}`),
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
        { status: 'cancelled', financeStatus: 'cancelled', stock: { ...order.stock, state: 'released', couponCounted: false } },
        entry(now, 'hold expiry', LIFECYCLE.financeHoldExpired.from[0], LIFECYCLE.financeHoldExpired.to, `finance application not decided before its hold expired: cancelled; ${moved === 'returned' ? 'the bike is held for its reservation again' : 'bike back on sale'}`),
      )
      return true
    }
    return false
  }
  const release = await releaseStock(payload, null, orderStockRef(order.id), ['held'], {
    owner: claim(order, LIFECYCLE.financeHoldExpired, 'released'),
    now,
  })
  if (!release.ownerChanged) return false
  await appendHistory(
    payload,
    order,
    { status: 'cancelled', financeStatus: 'cancelled', stock: { ...order.stock, state: 'released', couponCounted: false } },
    entry(now, 'hold expiry', LIFECYCLE.financeHoldExpired.from[0], LIFECYCLE.financeHoldExpired.to, 'finance application not decided before its hold expired: cancelled, bike back on sale'),
  )
  return true
}

/** A payment succeeded. Idempotent: an order already paid (or past paid) is left alone. */
export async function markOrderPaid(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return locked(payload, notice, () => markOrderPaidNow(payload, notice, deps))
}

/** A payment failed: the order is cancelled and its stock and coupon use go back, once. */
export async function markPaymentFailed(payload: Payload, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return locked(payload, notice, () => markPaymentFailedNow(payload, notice, deps))
}

/** The provider reports a refund (made here by staff, or in the provider's own dashboard). */
export async function markRefunded(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  return locked(payload, notice, () => markRefundedNow(payload, notice, deps))
}
