// The no-account page behind the emailed link: see the reservation, complete the purchase or cancel it.
import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'
import { formatPence } from '../../../../domain/money'
import { customerMayCancel } from '../../../../domain/reservations/reservation-rules'
import { CancelReservation } from '../../../../features/reservations/components/cancel-reservation'
import { ReservationDetails } from '../../../../features/reservations/components/reservation-details'
import { dealerInfo, reservationByToken, reservationPartExchangeFor } from '../../../../features/reservations/queries.server'
import { reservationFinanceHref } from '../../../../features/finance/queries.server'
import '../../../../features/orders/components/order-result.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your reservation', robots: { index: false, follow: false }, referrer: 'no-referrer' }

export default async function ManageReservationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const r = typeof token === 'string' ? await reservationByToken(token) : null
  if (!r || typeof token !== 'string') {
    return (
      <div className="container order-result">
        <h1>Your reservation</h1>
        <p>This link is not valid or has expired. Please use the link in your latest reservation email, or contact us.</p>
        <p><a className="button button--solid" href="/">Go to the shop</a></p>
      </div>
    )
  }
  const [dealer, financeHref, partExchange] = await Promise.all([dealerInfo(), reservationFinanceHref(r, token), reservationPartExchangeFor(r.id)])
  return (
    <div className="container order-result">
      <h1>Your reservation of the {r.productName}</h1>
      {(r.status === 'cancelled' || r.status === 'expired' || r.status === 'released') && (
        <p role="status" className="reservation-message" data-testid="reservation-ended">
          {r.status === 'cancelled' ? 'This reservation is cancelled' : r.status === 'expired' ? 'This reservation has ended' : 'The dealer has released this reservation'}
          {r.payment?.paidAt
            ? (r.payment.refundedPence ?? 0) >= r.depositPence
              ? ` and your ${formatPence(r.depositPence)} deposit has been refunded to your card.`
              : `; your ${formatPence(r.depositPence)} deposit is being refunded to your card.`
            : '. Nothing was charged.'}
        </p>
      )}
      <ReservationDetails reservation={r} dealer={dealer} partExchange={partExchange} />
      <div className="reservation-actions">
        {r.status === 'active' && <a className="button button--solid" href={paths.completeReservation(token)}>Complete your purchase online</a>}
        {financeHref && <a className="button" href={financeHref}>Complete your purchase on finance</a>}
        {customerMayCancel(r.status) && <CancelReservation token={token} depositText={formatPence(r.depositPence)} />}
      </div>
    </div>
  )
}
