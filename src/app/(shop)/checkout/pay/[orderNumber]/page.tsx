// Card payment with Stripe's Payment Element (only when Stripe is configured; else the test gateway is used).
import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { stripeElementsOrNotFound } from '../../../../../features/payments/stripe-page.server'
import { env } from '../../../../../config/env'
import { formatPence } from '../../../../../domain/money'
import { StripePaymentForm } from '../../../../../features/orders/components/stripe-payment-form'
import { OrderSummary } from '../../../../../features/orders/components/order-summary'
import { visibleOrder } from '../../../../../features/orders/order-result.server'
import { paths } from '../../../../../config/paths'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Pay by card', robots: { index: false, follow: false } }

export default async function StripePayPage({ params }: { params: Promise<{ orderNumber: string }> }) {
  const { provider, publishableKey } = stripeElementsOrNotFound()
  const found = await visibleOrder(decodeURIComponent((await params).orderNumber))
  if (!found || found.order.kind !== 'card' || found.order.payment?.provider !== 'stripe' || !found.order.payment.reference) notFound()
  const { order, dealer } = found
  if (order.status !== 'awaiting_payment') redirect(order.status === 'cancelled' ? paths.paymentFailure(order.orderNumber) : paths.paymentSuccess(order.orderNumber))
  const clientSecret = await provider.clientSecret(order.payment!.reference!)
  if (!clientSecret) redirect(paths.paymentSuccess(order.orderNumber))
  return (
    <div className="container order-result">
      <h1>Pay by card</h1>
      <p>Order <strong>{order.orderNumber}</strong>. Your card details go straight to Stripe, our card payment provider.</p>
      <StripePaymentForm publishableKey={publishableKey} clientSecret={clientSecret} returnUrl={`${env().SITE_URL}${paths.paymentSuccess(order.orderNumber)}`} amountLabel={formatPence(order.totalPence)} />
      <p><a href={paths.paymentFailure(order.orderNumber)}>Cancel and go back</a></p>
      <OrderSummary order={order} dealer={dealer} />
    </div>
  )
}
