// Reservation success (spec §2): the bike, the hold's end in UK time, the deposit, the dealer, what to bring
// and the next steps; the way to complete the purchase online or to cancel.
import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { PaymentPending } from '../../../features/orders/components/payment-pending'
import { ReservationDetails } from '../../../features/reservations/components/reservation-details'
import { dealerInfo, reservationPartExchangeFor, visibleReservation } from '../../../features/reservations/queries.server'
import { reservationFinanceHref } from '../../../features/finance/queries.server'
import { manageToken } from '../../../features/reservations/reservation-email.server'
import '../../../features/orders/components/order-result.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Reservation confirmed', robots: { index: false, follow: false } }

export default async function ReservationSuccessPage({ searchParams }: { searchParams: Promise<{ reservation?: string | string[] }> }) {
  const { reservation: number } = await searchParams
  const r = await visibleReservation(typeof number === 'string' ? number : undefined)
  if (!r) {
    return (
      <div className="container order-result">
        <h1>Your reservation</h1>
        <p>We can’t show a reservation here. If you have just paid, your confirmation email has the details and a link to see your reservation; if you have an account, sign in to see it with your orders.</p>
        <p><a className="button button--solid" href="/">Continue shopping</a></p>
      </div>
    )
  }
  const token = await manageToken(r.id)
  const [dealer, financeHref, partExchange] = await Promise.all([dealerInfo(), reservationFinanceHref(r, token), reservationPartExchangeFor(r.id)])
  const failed = r.status === 'cancelled' && !r.payment?.paidAt
  const heading = r.status === 'active' ? 'Thank you, the bike is reserved for you' : r.status === 'awaiting_payment' ? 'Confirming your deposit' : failed ? 'Your reservation was not completed' : 'Your reservation'
  return (
    <div className="container order-result">
      <h1>{heading}</h1>
      <div className={`order-result__status${failed ? ' order-result__status--problem' : ''}`}>
        {r.status === 'active' && <p>We have received your deposit. A confirmation email with a link to manage your reservation is on its way to {r.email}.</p>}
        {r.status === 'awaiting_payment' && <PaymentPending />}
        {failed && <p>{r.payment?.failureMessage ?? 'The deposit payment did not complete.'} Nothing was taken and the bike is not reserved. <a href={paths.allBikes()}>See the bikes</a> to try again.</p>}
      </div>
      <ReservationDetails reservation={r} dealer={dealer} partExchange={partExchange} />
      <div className="reservation-actions">
        {r.status === 'active' && <a className="button button--solid" href={paths.completeReservation(token)}>Complete your purchase online</a>}
        {financeHref && <a className="button" href={financeHref}>Complete your purchase on finance</a>}
        {(r.status === 'active' || r.status === 'awaiting_payment') && <a className="button" href={paths.manageReservation(token)}>Cancel or manage this reservation</a>}
        <a className="button" href="/">Continue shopping</a>
      </div>
    </div>
  )
}
