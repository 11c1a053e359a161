// The emails that tell a customer their order moved: ready to collect, dispatched, refunded or cancelled.
// One per order and status (the idempotency key in confirmation-email.server.ts); plain text plus simple HTML
// in the confirmation email's style.
import { formatPence } from '../../domain/money'
import { ORDER_STATES, ORDER_STATUS_VALUES, type NotifiedOrderStatus } from '../../domain/orders/order-status'
import { addressLine, escapeHtml, type ConfirmationOrder, type DealerDetails } from './confirmation-email'

/** The statuses a customer hears about when staff move an order into them (flagged in ORDER_STATES). */
export type NotifiedStatus = NotifiedOrderStatus
export const NOTIFIED_STATUSES = ORDER_STATUS_VALUES.filter((s) => ORDER_STATES[s].tellsCustomer) as NotifiedStatus[]

export function isNotifiedStatus(status: unknown): status is NotifiedStatus {
  return (NOTIFIED_STATUSES as readonly unknown[]).includes(status)
}

export interface StatusEmailOrder extends Pick<ConfirmationOrder, 'orderNumber' | 'firstName' | 'lines' | 'totalPence' | 'delivery'> {
  /** Money back on the card so far (a refund). */
  readonly refundedPence?: number | null
  /** Whether the customer ever paid for it (a cancelled unpaid order took no money). */
  readonly paid: boolean
}

export function orderStatusEmail(status: NotifiedStatus, order: StatusEmailOrder, dealer: DealerDetails): { subject: string; text: string; html: string } {
  const number = order.orderNumber
  const contact = [dealer.phone, dealer.email].filter(Boolean).join(' or ')
  const address = addressLine(order.delivery.shippingAddress)
  let subject: string
  let paragraphs: string[]
  switch (status) {
    case 'ready_for_collection':
      subject = `Your Wheelhouse order ${number} is ready to collect`
      paragraphs = [
        `Good news: your order ${number} is ready to collect from ${dealer.name}${address && order.delivery.method === 'free' ? ` (${address})` : ''}.`,
        `Please bring photo ID and your order number ${number}.`,
      ]
      break
    case 'dispatched':
      subject = `Your Wheelhouse order ${number} is on its way`
      paragraphs = [`Your order ${number} has been dispatched${address ? ` to ${address}` : ''}.`]
      break
    case 'refunded':
      subject = `Your Wheelhouse order ${number} has been refunded`
      paragraphs = [
        `We have refunded ${formatPence(order.refundedPence || order.totalPence)} for your order ${number} to the card you paid with.`,
        'Card refunds usually reach your account within 3 to 5 working days.',
      ]
      break
    case 'cancelled':
      subject = `Your Wheelhouse order ${number} has been cancelled`
      paragraphs = [
        `Your order ${number} has been cancelled.`,
        order.paid ? 'Any money you paid for it is refunded to you in full; we will be in touch about it.' : 'No payment was taken for it.',
      ]
      break
  }
  const items = order.lines.map((l) => `${l.count} × ${l.name}`)
  const signOff = contact ? `Questions? Contact ${dealer.name} on ${contact}.` : 'Questions? Reply to this email.'
  const text = [`Hello ${order.firstName},`, '', ...paragraphs.flatMap((p) => [p, '']), 'Items', ...items.map((i) => `- ${i}`), '', signOff, dealer.siteUrl].join('\n')
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#14202e;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(subject.replace('Your Wheelhouse order', 'Order'))}</h1>
<p>Hello ${escapeHtml(order.firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>
<p>${escapeHtml(signOff)}</p>
</body></html>`
  return { subject, text, html }
}
