// Payment success (spec §2): the order, its totals and what happens next; the basket is emptied once paid.
import type { Metadata } from 'next'
import { ClearBasket } from '../../../features/orders/components/clear-basket'
import { OrderSummary } from '../../../features/orders/components/order-summary'
import { PaymentPending } from '../../../features/orders/components/payment-pending'
import { visibleOrder } from '../../../features/orders/order-result.server'
import { paths } from '../../../config/paths'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS } from '../../../domain/consumer-rights'
import { purchaseEvent } from '../../../domain/analytics/ga4-ecommerce'
import { AnalyticsEvent } from '../../../components/analytics/analytics-event'
import { isPaidStatus, releasesStock } from '../../../domain/orders/order-status'
import { cardPencePayable, certificateStateOf } from '../../../features/orders/certificate-order'
import { schemeLabel, type CycleScheme } from '../../../domain/payments/cycle-to-work'
import { formatPence } from '../../../domain/money'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Payment received', robots: { index: false, follow: false } }

export default async function PaymentSuccessPage({ searchParams }: { searchParams: Promise<{ order?: string | string[] }> }) {
  const { order: orderParam } = await searchParams
  const found = await visibleOrder(typeof orderParam === 'string' ? orderParam : undefined)
  if (!found) {
    return (
      <div className="container order-result">
        <h1>Your order</h1>
        <p>We can’t show an order here. If you have just paid, your confirmation email has the details; if you have an account, sign in to see your orders.</p>
        <p><a className="button button--solid" href="/">Continue shopping</a></p>
      </div>
    )
  }
  const { order, dealer } = found
  const confirmed = isPaidStatus(order.status) || order.kind === 'finance'
  const failed = releasesStock(order.status)
  // A Cycle to Work order whose card balance is in (or was never owed) waits for staff to confirm its certificate.
  const certificateWaiting = !confirmed && !failed && certificateStateOf(order) === 'submitted' && (Boolean(order.payment?.paidAt) || cardPencePayable(order) === 0)
  return (
    <div className="container order-result">
      <h1>{confirmed ? 'Thank you, your order is confirmed' : failed ? 'This order was not completed' : certificateWaiting ? 'Thank you: we are confirming your certificate' : 'Confirming your payment'}</h1>
      <div className={`order-result__status${failed ? ' order-result__status--problem' : ''}`}>
        <p>Order number <span className="order-result__number">{order.orderNumber}</span></p>
        {confirmed && order.kind === 'card' && <p>We have received your payment. A confirmation email is on its way to {order.email}.</p>}
        {order.kind === 'finance' && <p>Your finance application has been sent. We will contact you at {order.email} with the lender’s decision.</p>}
        {certificateWaiting && (
          <p data-testid="certificate-waiting">
            We have your {schemeLabel(order.certificate!.scheme as CycleScheme)} certificate for {formatPence(order.certificate!.valuePence ?? 0)}
            {order.payment?.paidAt ? ` and your card payment of ${formatPence(cardPencePayable(order))}` : ''}. We confirm the certificate with the scheme and hold your goods meanwhile; we email {order.email} as soon as your order is confirmed.
          </p>
        )}
        {!confirmed && !failed && !certificateWaiting && <PaymentPending />}
        {failed && <p>{order.payment?.failureMessage ?? 'The payment did not complete, so the order was cancelled.'} <a href={paths.paymentFailure(order.orderNumber)}>See what to do next</a>.</p>}
      </div>
      {(confirmed || certificateWaiting) && <ClearBasket orderNumber={order.orderNumber} />}
      {/* A paid card order is a purchase (a finance application is not, yet); sent once per order, not per page load. */}
      {confirmed && order.kind === 'card' && (
        <AnalyticsEvent
          event={purchaseEvent({
            orderNumber: order.orderNumber,
            totalPence: order.totalPence,
            vatPence: order.vatPence,
            shippingPence: order.delivery.feePence ?? 0,
            coupon: order.couponCode,
            lines: order.lines.map((l) => ({
              sku: l.sku,
              slug: typeof l.product === 'object' ? l.product.slug : String(l.product),
              name: l.name,
              unitPricePence: l.unitPricePence,
              quantity: l.count,
            })),
          })}
        />
      )}
      <OrderSummary order={order} dealer={dealer} />
      <p>You can cancel within {CANCELLATION_DAYS} days of receiving your goods without giving a reason ({CONSUMER_CONTRACTS_REGULATIONS}).</p>
      <div className="order-result__actions">
        <a className="button button--solid" href="/">Continue shopping</a>
      </div>
    </div>
  )
}
