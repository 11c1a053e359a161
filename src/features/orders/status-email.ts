// The emails that tell a customer their order moved: ready to collect, dispatched, refunded or cancelled.
// One per order and status (the idempotency key in confirmation-email.server.ts), in the shop's one email layout.
import { formatPence } from '../../domain/money'
import { ORDER_STATES, ORDER_STATUS_VALUES, type NotifiedOrderStatus } from '../../domain/orders/order-status'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { button, heading, list, paragraphs, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { addressLine, orderUrl, SAMPLE_ORDER, type ConfirmationOrder } from './confirmation-email'

/** The statuses a customer hears about when staff move an order into them (flagged in ORDER_STATES). */
export type NotifiedStatus = NotifiedOrderStatus
export const NOTIFIED_STATUSES = ORDER_STATUS_VALUES.filter((s) => ORDER_STATES[s].tellsCustomer) as NotifiedStatus[]

export function isNotifiedStatus(status: unknown): status is NotifiedStatus {
  return (NOTIFIED_STATUSES as readonly unknown[]).includes(status)
}

export interface StatusEmailOrder extends Pick<ConfirmationOrder, 'orderNumber' | 'hasAccount' | 'firstName' | 'lines' | 'totalPence' | 'delivery'> {
  /** Money back on the card so far (a refund). */
  readonly refundedPence?: number | null
  /** Whether the customer ever paid for it (a cancelled unpaid order took no money). */
  readonly paid: boolean
}

export function orderStatusEmail(status: NotifiedStatus, order: StatusEmailOrder, dealer: DealerDetails): EmailContent {
  const number = order.orderNumber
  const address = addressLine(order.delivery.shippingAddress)
  let subject: string
  let said: string[]
  switch (status) {
    case 'ready_for_collection':
      subject = `Your ${dealer.name} order ${number} is ready to collect`
      said = [`Good news: your order ${number} is ready to collect from ${dealer.name}${address && order.delivery.method === 'free' ? ` (${address})` : ''}.`, `Please bring photo ID and your order number ${number}.`]
      break
    case 'dispatched':
      subject = `Your ${dealer.name} order ${number} is on its way`
      said = [`Your order ${number} has been dispatched${address ? ` to ${address}` : ''}.`]
      break
    case 'refunded':
      subject = `Your ${dealer.name} order ${number} has been refunded`
      said = [`We have refunded ${formatPence(order.refundedPence || order.totalPence)} for your order ${number} to the card you paid with.`, 'Card refunds usually reach your account within 3 to 5 working days.']
      break
    case 'cancelled':
      subject = `Your ${dealer.name} order ${number} has been cancelled`
      said = [`Your order ${number} has been cancelled.`, order.paid ? 'Any money you paid for it is refunded to you in full; we will be in touch about it.' : 'No payment was taken for it.']
      break
  }
  return {
    subject,
    heading: subject.replace(`Your ${dealer.name} order`, 'Order'),
    blocks: [text(`Hello ${order.firstName},`), ...paragraphs(...said), heading('Items'), list(order.lines.map((l) => `${l.count} × ${l.name}`)), button('View your order', orderUrl(dealer.siteUrl, order)), questionsBlock(dealer)],
  }
}

const STATUS_TITLES: Record<NotifiedStatus, string> = { ready_for_collection: 'Ready to collect', dispatched: 'Dispatched', refunded: 'Refunded', cancelled: 'Cancelled' }

/** Each status email on the sample order, for the admin's previews and the template test. */
export function orderStatusEmailSamples(dealer: DealerDetails): EmailSample[] {
  return NOTIFIED_STATUSES.map((status) => ({
    id: `order-${status.replace(/_/g, '-')}`,
    title: `Order: ${STATUS_TITLES[status]}`,
    content: orderStatusEmail(status, { ...SAMPLE_ORDER, delivery: status === 'ready_for_collection' ? { method: 'free', feePence: 0 } : SAMPLE_ORDER.delivery, refundedPence: SAMPLE_ORDER.totalPence, paid: true }, dealer),
  }))
}
