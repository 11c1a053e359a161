// Sends a placed card order to the payment provider and remembers the provider's reference on the order.
import 'server-only'
import type { Payload } from 'payload'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import type { Order } from '../../payload-types'
import { paths } from '../../config/paths'
import { setPaymentReference } from './order-rows.server'
import { cardPencePayable } from './certificate-order'

/** Where the customer goes next for this order: to pay, or straight to the result of an order already settled. */
export async function paymentUrlFor(payload: Payload, order: Order, provider: PaymentProvider): Promise<string> {
  if (order.kind === 'finance') return paths.paymentSuccess(order.orderNumber)
  if (order.status !== 'awaiting_payment') return order.status === 'cancelled' ? paths.paymentFailure(order.orderNumber) : paths.paymentSuccess(order.orderNumber)
  const description = `Wheelhouse order ${order.orderNumber}`
  // A Cycle to Work order pays only its balance by card, and only once; with none, it goes straight to waiting for staff.
  const payable = cardPencePayable(order)
  if (payable === 0 || order.payment?.paidAt) return paths.paymentSuccess(order.orderNumber)
  const method = order.payment?.method === 'klarna' ? 'klarna' : 'card'
  const start = await provider.startPayment({ orderNumber: order.orderNumber, method, totalPence: payable, email: order.email, description }, `order-${order.orderNumber}-payment`)
  if (order.payment?.reference !== start.reference || order.payment?.provider !== provider.name) {
    await setPaymentReference(payload, order.id, provider.name, start.reference, new Date())
  }
  return start.redirectUrl
}
