// Part of an order's payment back to the card, asked for by staff from the order's admin page: through the refunds
// workflow (requestRefund: a refund row and its job in one unit of work, one refund per key, the order's refunds
// together never above what was paid; its credit note queued when the refund is recorded as made, ADR 049).
import 'server-only'
import type { PayloadRequest } from 'payload'
import { historyEntry, staffActor } from '../../cms/fields/history'
import { formatPence } from '../../domain/money'
import { partRefundRefusal } from '../../domain/orders/order-staff-steps'
import type { OrderKind, OrderStatus } from '../../domain/orders/order-status'
import type { PartRefundAnswer, PartRefundRequest } from '../orders/order-staff-contract'
import { findOrder, NO_ORDER, refundRoomOf, withStaffOrderLock, type Done } from '../orders/order-staff-actions.server'
import { appendHistory } from '../records/transition.server'
import { requestRefund } from './refunds.server'
import { refundByKey, type RefundRow } from './return-rows.server'

/** The refund's key, one namespace per order, so that one order's key can never answer another order's refund. */
const refundKey = (orderId: number, key: string) => `order-part-refund:${orderId}:${key}`

function answer(refund: RefundRow): Done<PartRefundAnswer> {
  const amount = formatPence(refund.amountPence)
  if (refund.state === 'failed') return { ok: false, status: 502, message: `The payment provider did not refund ${amount}: ${refund.failure ?? 'no reason was given'}. Nothing was refunded.` }
  const message = refund.state === 'succeeded' ? `${amount} refunded to the card.` : `${amount} refund asked for: the payment provider has not answered yet, and it is retried until it does.`
  return { ok: true, amountPence: refund.amountPence, state: refund.state, message }
}

/**
 * The same key asked again (ten clicks at once, a retry after a lost answer) answers the one refund; an amount above
 * what is left (what was paid, less every refund made or on its way) is refused, as is a finance order's.
 */
export async function refundPartOfOrder(req: PayloadRequest, id: number, ask: PartRefundRequest): Promise<Done<PartRefundAnswer>> {
  return withStaffOrderLock(id, async () => {
    const order = await findOrder(req.payload, id)
    if (!order) return NO_ORDER
    const key = refundKey(id, ask.key)
    const asked = await refundByKey(req.payload, key)
    if (asked) return asked.amountPence === ask.amountPence ? answer(asked) : { ok: false, status: 409, message: 'This request was already used for a refund of a different amount. Reload the page and ask again.' }
    const room = await refundRoomOf(req.payload, order)
    const refusal = partRefundRefusal(order.kind as OrderKind, order.status as OrderStatus, room.leftPence, ask.amountPence)
    if (refusal) return { ok: false, status: 409, message: refusal }
    // The cap the refund row is written under, in its own statement: what was paid, less refunds made without a row.
    const made = await requestRefund(req.payload, { orderId: id, returnId: null, lines: [], amountPence: ask.amountPence, paidPence: room.capPence, key })
    if (!made.ok) return made
    if (made.created) {
      const { by, actor } = staffActor(req)
      const now = new Date()
      const note = `Part refund of ${formatPence(ask.amountPence)} to the card asked for by staff: ${ask.reason}`
      await appendHistory(req.payload, { table: 'orders', id }, {}, historyEntry(now, actor, order.status, order.status, note, by), now).catch((error) => req.payload.logger.error({ err: error, order: order.orderNumber }, 'could not record a part refund in the order history'))
    }
    return answer(made.refund)
  })
}
