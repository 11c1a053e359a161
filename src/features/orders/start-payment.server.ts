// Sends a placed card order to the payment provider and remembers the provider's reference on the order.
import 'server-only'
import type { Payload } from 'payload'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import type { Order } from '../../payload-types'

/** Where the customer goes next for this order: to pay, or straight to the result of an order already settled. */
export async function paymentUrlFor(payload: Payload, order: Order, provider: PaymentProvider): Promise<string> {
  const query = `?order=${encodeURIComponent(order.orderNumber)}`
  if (order.kind === 'finance') return `/payment-success${query}`
  if (order.status !== 'awaiting_payment') return order.status === 'cancelled' ? `/payment-failure${query}` : `/payment-success${query}`
  const description = `Wheelhouse order ${order.orderNumber}`
  const start = await provider.startPayment({ orderNumber: order.orderNumber, totalPence: order.totalPence, email: order.email, description }, `order-${order.orderNumber}-payment`)
  if (order.payment?.reference !== start.reference || order.payment?.provider !== provider.name) {
    await payload.update({
      collection: 'orders',
      id: order.id,
      overrideAccess: true,
      depth: 0,
      context: { orderLifecycle: true },
      data: { payment: { ...order.payment, provider: provider.name, reference: start.reference } },
    })
  }
  return start.redirectUrl
}
