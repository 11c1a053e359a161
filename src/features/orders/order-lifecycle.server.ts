// What happens to an order after it is placed: paid, failed, expired, refunded. Every step is claimed with
// a conditional update on the order row first, so a repeated or racing event changes the order once.
import 'server-only'
import type { Payload, Where } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import type { Order } from '../../payload-types'
import { confirmationEmail } from './confirmation-email'
import { claimOrderStatus, claimStockState, returnStock, takeStock, uncountCouponUse } from './stock.server'

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
const orderLocks = new Map<number, Promise<unknown>>()

export async function withOrderLock<T>(orderId: number, fn: () => Promise<T>): Promise<T> {
  const previous = orderLocks.get(orderId) ?? Promise.resolve()
  const run = previous.catch(() => undefined).then(fn)
  const settled = run.catch(() => undefined)
  orderLocks.set(orderId, settled)
  try {
    return await run
  } finally {
    if (orderLocks.get(orderId) === settled) orderLocks.delete(orderId)
  }
}

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

function stockLines(order: Order) {
  return order.lines.map((l) => ({
    productId: typeof l.product === 'object' ? l.product.id : l.product,
    variantId: l.variant == null ? null : typeof l.variant === 'object' ? l.variant.id : l.variant,
    count: l.count,
  }))
}

/**
 * Puts an order's stock back on the shelf and gives its coupon use back, once: only the caller that moves
 * the stock state from one of `from` to released does it. Answers whether this call did it.
 */
export async function releaseOrderStock(payload: Payload, order: Order, from: readonly ('held' | 'committed')[] = ['held', 'committed'], transactionID: string | number | null = null): Promise<boolean> {
  if (!(await claimStockState(payload, transactionID, order.id, from, 'released'))) return false
  for (const line of stockLines(order)) await returnStock(payload, transactionID, line)
  const couponId = typeof order.coupon === 'object' ? order.coupon?.id : order.coupon
  if (order.stock?.couponCounted && couponId) await uncountCouponUse(payload, transactionID, couponId)
  return true
}

async function sendConfirmation(payload: Payload, order: Order, deps: LifecycleDeps): Promise<void> {
  try {
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const mail = confirmationEmail(
      { ...order, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null } },
      { name: settings.dealerName, phone: settings.phone, email: settings.email, siteUrl: deps.siteUrl ?? process.env.SITE_URL ?? 'http://localhost:3000' },
    )
    const sender = deps.email ?? (await import('../../adapters/email/email.server')).emailSender()
    await sender.send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'order-confirmation' })
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

  if (await claimOrderStatus(payload, null, order.id, ['awaiting_payment'], 'paid')) {
    await claimStockState(payload, null, order.id, ['held'], 'committed')
    const paid = await appendHistory(
      payload,
      order,
      { status: 'paid', stock: { ...order.stock, state: 'committed', holdExpiresAt: null }, payment: { ...order.payment, provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } },
      entry(now, 'payment webhook', 'awaiting_payment', 'paid', `Paid ${notice.amountPence}p by card (${notice.provider} ${notice.reference}).`),
    )
    await sendConfirmation(payload, paid, deps)
    return { changed: true, outcome: 'order paid', orderId: order.id }
  }

  // The money arrived after the hold ran out (or after a failure report): take the stock again if it is
  // still there, else give the money back straight away.
  if (await claimOrderStatus(payload, null, order.id, ['cancelled'], 'paid')) {
    const current = await reload(payload, order.id)
    if (current.stock.state === 'released') {
      const taken: ReturnType<typeof stockLines> = []
      let complete = true
      for (const line of stockLines(current)) {
        if (await takeStock(payload, null, line)) taken.push(line)
        else {
          complete = false
          break
        }
      }
      if (complete && (await claimStockState(payload, null, order.id, ['released'], 'committed'))) {
        const paid = await appendHistory(
          payload,
          current,
          { status: 'paid', stock: { ...current.stock, state: 'committed', holdExpiresAt: null }, payment: { ...current.payment, provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } },
          entry(now, 'payment webhook', 'cancelled', 'paid', 'Payment arrived after the stock hold was released; the stock was still there and is taken again.'),
        )
        await revalidateStorefront(`order ${order.orderNumber} paid late`, payload.logger)
        await sendConfirmation(payload, paid, deps)
        return { changed: true, outcome: 'late payment: stock taken again, order paid', orderId: order.id }
      }
      for (const line of taken) await returnStock(payload, null, line)
    }
    return refundLatePayment(payload, current, notice, deps, now)
  }

  return { changed: false, outcome: `order is ${order.status}; nothing to change`, orderId: order.id }
}

async function refundLatePayment(payload: Payload, order: Order, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<LifecycleOutcome> {
  const provider = deps.provider ?? (await import('../../adapters/payments/payments.server')).providerNamed(payload, notice.provider)
  try {
    if (!provider) throw new Error(`no payment provider named ${notice.provider}`)
    const refund = await provider.refund(notice.reference, notice.amountPence, `late-payment-refund-${order.orderNumber}`)
    await claimOrderStatus(payload, null, order.id, ['paid'], 'refunded')
    await appendHistory(
      payload,
      order,
      { status: 'refunded', payment: { ...order.payment, provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), refundedPence: notice.amountPence } },
      entry(now, 'payment webhook', 'cancelled', 'refunded', `Payment arrived after the stock hold was released and the goods had sold out: refunded automatically (${refund.id}).`),
    )
    return { changed: true, outcome: 'late payment refunded: stock no longer available', orderId: order.id }
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'automatic refund of a late payment failed')
    await claimOrderStatus(payload, null, order.id, ['paid'], 'cancelled')
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
  if (!(await claimOrderStatus(payload, null, order.id, ['awaiting_payment'], 'cancelled'))) {
    return { changed: false, outcome: `order is ${order.status}; a failure changes nothing now`, orderId: order.id }
  }
  const released = await releaseOrderStock(payload, order, ['held'])
  const message = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  await appendHistory(
    payload,
    order,
    { status: 'cancelled', stock: { ...order.stock, state: released ? 'released' : order.stock.state, couponCounted: false, holdExpiresAt: null }, payment: { ...order.payment, provider: notice.provider, reference: notice.reference, failureMessage: message } },
    entry(now, 'payment webhook', 'awaiting_payment', 'cancelled', `Payment failed: ${message}${released ? ' Stock released.' : ''}`),
  )
  if (released) await revalidateStorefront(`order ${order.orderNumber} payment failed`, payload.logger)
  return { changed: true, outcome: 'payment failed: order cancelled, stock released', orderId: order.id }
}

async function markRefundedNow(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<LifecycleOutcome> {
  const now = deps.now ?? new Date()
  const order = await findOrderForPayment(payload, notice)
  if (!order) return { changed: false, outcome: 'no order with that number or payment reference' }
  if (order.status === 'refunded') return { changed: false, outcome: 'already refunded', orderId: order.id }
  const from = order.status
  if (!(await claimOrderStatus(payload, null, order.id, ['paid', 'processing', 'ready_for_collection', 'dispatched', 'completed'], 'refunded'))) {
    return { changed: false, outcome: `order is ${order.status}; a refund report changes nothing`, orderId: order.id }
  }
  const released = await releaseOrderStock(payload, order, ['committed', 'held'])
  await appendHistory(
    payload,
    order,
    { status: 'refunded', stock: { ...order.stock, state: released ? 'released' : order.stock.state, couponCounted: false }, payment: { ...order.payment, refundedPence: Math.min(order.totalPence, (order.payment?.refundedPence ?? 0) + notice.amountPence) } },
    entry(now, 'payment webhook', from, 'refunded', `Refund of ${notice.amountPence}p reported by ${notice.provider}.${released ? ' Stock restored.' : ''}`),
  )
  if (released) await revalidateStorefront(`order ${order.orderNumber} refunded`, payload.logger)
  return { changed: true, outcome: 'order refunded by the provider', orderId: order.id }
}

/** Card orders still unpaid when their hold runs out: cancelled, and their stock goes back. */
export async function releaseExpiredHolds(payload: Payload, now: Date = new Date()): Promise<number> {
  const expired = await payload.find({
    collection: 'orders',
    where: { and: [{ kind: { equals: 'card' } }, { status: { equals: 'awaiting_payment' } }, { 'stock.state': { equals: 'held' } }, { 'stock.holdExpiresAt': { less_than: now.toISOString() } }] },
    limit: 100,
    depth: 0,
    overrideAccess: true,
    pagination: false,
  })
  let count = 0
  for (const order of expired.docs) {
    if (await withOrderLock(order.id, () => expireHold(payload, order, now))) count++
  }
  if (count) await revalidateStorefront(`${count} expired stock holds released`, payload.logger)
  return count
}

async function expireHold(payload: Payload, order: Order, now: Date): Promise<boolean> {
  {
    if (!(await claimOrderStatus(payload, null, order.id, ['awaiting_payment'], 'cancelled'))) return false
    const released = await releaseOrderStock(payload, order, ['held'])
    await appendHistory(
      payload,
      order,
      { status: 'cancelled', stock: { ...order.stock, state: released ? 'released' : order.stock.state, couponCounted: false }, payment: { ...order.payment, failureMessage: 'Not paid within 15 minutes: the stock hold expired.' } },
      entry(now, 'hold expiry', 'awaiting_payment', 'cancelled', 'hold expired: not paid within 15 minutes, stock released'),
    )
    return true
  }
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
