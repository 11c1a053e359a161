// Paying a reservation deposit with Stripe's Payment Element (only when Stripe is configured; else the test gateway).
import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { stripeElementsOrNotFound } from '../../../../../features/payments/stripe-page.server'
import { env } from '../../../../../config/env'
import { paths } from '../../../../../config/paths'
import { formatPence } from '../../../../../domain/money'
import { StripePaymentForm } from '../../../../../features/orders/components/stripe-payment-form'
import { visibleReservation } from '../../../../../features/reservations/queries.server'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Pay your reservation deposit', robots: { index: false, follow: false } }

export default async function ReservationPayPage({ params }: { params: Promise<{ number: string }> }) {
  const { provider, publishableKey } = stripeElementsOrNotFound()
  const r = await visibleReservation(decodeURIComponent((await params).number))
  if (!r || r.payment?.provider !== 'stripe' || !r.payment.reference) notFound()
  const result = paths.reservationSuccess(r.reservationNumber)
  if (r.status !== 'awaiting_payment') redirect(result)
  const clientSecret = await provider.clientSecret(r.payment.reference)
  if (!clientSecret) redirect(result)
  return (
    <div className="container order-result">
      <h1>Pay your reservation deposit</h1>
      <p>
        Reservation <strong>{r.reservationNumber}</strong>: {r.productName}. A fully refundable {formatPence(r.depositPence)} deposit. Your card details go straight to Stripe, our card payment provider.
      </p>
      <StripePaymentForm publishableKey={publishableKey} clientSecret={clientSecret} returnUrl={`${env().SITE_URL}${result}`} amountLabel={formatPence(r.depositPence)} />
    </div>
  )
}
