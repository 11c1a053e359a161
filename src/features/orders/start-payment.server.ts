// Sends a placed card order to the payment provider and remembers the provider's reference on the order.
import 'server-only'
import type { Payload } from 'payload'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { execute } from '../../cms/sql.server'
import type { Order } from '../../payload-types'
import { paths } from '../../config/paths'

/** Where the customer goes next for this order: to pay, or straight to the result of an order already settled. */
export async function paymentUrlFor(payload: Payload, order: Order, provider: PaymentProvider): Promise<string> {
  if (order.kind === 'finance') return paths.paymentSuccess(order.orderNumber)
  if (order.status !== 'awaiting_payment') return order.status === 'cancelled' ? paths.paymentFailure(order.orderNumber) : paths.paymentSuccess(order.orderNumber)
  const description = `Wheelhouse order ${order.orderNumber}`
  const start = await provider.startPayment({ orderNumber: order.orderNumber, totalPence: order.totalPence, email: order.email, description }, `order-${order.orderNumber}-payment`)
  if (order.payment?.reference !== start.reference || order.payment?.provider !== provider.name) {
    // Two columns of one row: a single UPDATE, not Payload's update, which rewrites every line and
    // history row of the order and reads it back (a third of a checkout's statements; docs/perf.md).
    await execute(payload, null, {
      sql: 'UPDATE orders SET payment_provider = ?, payment_reference = ?, updated_at = ? WHERE id = ?',
      args: [provider.name, start.reference, new Date().toISOString(), order.id],
    })
  }
  return start.redirectUrl
}
