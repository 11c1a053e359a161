// The choices of the cancel-or-return form for one order (the caller has checked the customer may see it).
import 'server-only'
import type { Payload } from 'payload'
import { cancellationLastDay, mayCancel } from '../../domain/returns/consumer-rights-clock'
import { lineCancellation } from '../../domain/returns/cancellable-kinds'
import { AFTER_DISPATCH, BEFORE_DISPATCH } from '../../domain/returns/return-request'
import type { Order } from '../../payload-types'
import type { CancellationChoices } from './cancellation-choices'
import { loadOrderFacts, ukDay } from './order-facts.server'
import { exchangeOptions } from './exchanges.server'

export async function cancellationChoices(payload: Payload, order: Order, now: Date = new Date()): Promise<CancellationChoices> {
  const facts = await loadOrderFacts(payload, order)
  const before = (BEFORE_DISPATCH as readonly string[]).includes(order.status)
  const after = (AFTER_DISPATCH as readonly string[]).includes(order.status)
  const inTime = mayCancel(facts.deliveredOn, ukDay(now))
  const stage = before ? 'cancel-now' : after && inTime ? 'return' : 'closed'
  const finance = order.kind === 'finance' ? ' This is a finance order: we cancel it with your lender, and nothing is refunded to a card.' : ''
  const message =
    stage === 'cancel-now'
      ? `Your order has not left us yet: what you cancel is cancelled at once and refunded to the card you paid with.${finance}`
      : stage === 'return'
        ? `You may cancel within 14 days of delivery or collection${facts.deliveredOn ? ` (until ${cancellationLastDay(facts.deliveredOn)})` : ''}. We then email you how to send the items back, by post or to the dealer, and refund you within 14 days of getting them.${finance}`
        : order.status === 'awaiting_payment'
          ? 'This order has not been paid yet.'
          : after
            ? 'The 14-day cancellation period has ended. If something is faulty, report it below: your rights for faulty goods still apply.'
            : 'This order is cancelled or refunded.'
  const found = await payload.find({ collection: 'returns', where: { order: { equals: order.id } }, depth: 0, limit: 50, overrideAccess: true, sort: 'createdAt' })
  return {
    orderNumber: order.orderNumber,
    stage,
    message,
    faults: after && facts.deliveredOn != null,
    lines: await Promise.all(
      facts.lines.map(async (l) => {
        const rule = lineCancellation(l.productKind, { dispatched: after })
        const left = Math.max(0, l.count - l.returnedCount)
        // An exchange is a cancellation of one unit with a replacement: offered where that cancellation may be made.
        const exchangeable = stage !== 'closed' && order.kind === 'card' && rule.cancellable && left > 0 && l.variantId != null
        const options = exchangeable ? await exchangeOptions(payload, l.productId, l.variantId) : []
        return {
          lineId: l.lineId, name: l.name, left, cancellable: rule.cancellable, explanation: rule.explanation, unitPaidPence: Math.floor(l.paidPence / l.count),
          exchangeFor: options.flatMap((o) => (o.inStock && o.pricePence !== null ? [{ variantId: o.variantId, title: o.title, pricePence: o.pricePence }] : [])),
        }
      }),
    ),
    returns: found.docs.map((r) => ({ returnNumber: r.returnNumber, state: r.state, refundDueOn: r.refundDueOn ?? null, refundPence: r.refundPence ?? null })),
  }
}
