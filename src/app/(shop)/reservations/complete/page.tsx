// Completing a reservation online: a card checkout of the reserved bike with the deposit taken off, or the way to
// the finance checkout for it instead.
import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'
import { formatPence } from '../../../../domain/money'
import { leftToPayPence } from '../../../../domain/reservations/reservation-rules'
import { CompleteForm } from '../../../../features/reservations/components/complete-form'
import { reservationByToken } from '../../../../features/reservations/queries.server'
import { reservationFinanceHref } from '../../../../features/finance/queries.server'
import '../../../../features/basket/basket.css'
import '../../../../features/orders/components/order-result.css'
import '../../../../features/reservations/components/reservation.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Complete your purchase', robots: { index: false, follow: false }, referrer: 'no-referrer' }

export default async function CompleteReservationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const r = typeof token === 'string' ? await reservationByToken(token) : null
  if (!r || typeof token !== 'string' || r.status !== 'active') {
    return (
      <div className="container order-result">
        <h1>Complete your purchase</h1>
        <p>{r ? 'This reservation is no longer active, so it cannot be completed online.' : 'This link is not valid or has expired.'} Please contact us.</p>
        <p><a className="button button--solid" href="/">Go to the shop</a></p>
      </div>
    )
  }
  const productId = typeof r.product === 'object' ? r.product.id : r.product
  const variantId = r.variant == null ? null : typeof r.variant === 'object' ? r.variant.id : r.variant
  const left = leftToPayPence(r.pricePence, r.depositPence)
  const financeHref = await reservationFinanceHref(r, token)
  return (
    <div className="container order-result">
      <p><a href={paths.manageReservation(token)}>Back to your reservation</a></p>
      <h1>Complete your purchase of the {r.productName}</h1>
      <dl className="order-totals" data-testid="complete-totals">
        <div><dt>Price</dt><dd>{formatPence(r.pricePence)}</dd></div>
        <div><dt>Reservation deposit already paid</dt><dd>−{formatPence(r.depositPence)}</dd></div>
        <div className="order-totals__total"><dt>Left to pay</dt><dd>{formatPence(left)}</dd></div>
      </dl>
      {financeHref && (
        <div className="reservation-finance">
          <h2>Rather pay monthly?</h2>
          <p>Apply for hire purchase or PCP for this bike instead: the {formatPence(r.depositPence)} reservation deposit you have paid counts towards your finance deposit.</p>
          <p><a className="button" href={financeHref}>Apply for finance instead</a></p>
        </div>
      )}
      <h2>Pay by card</h2>
      <CompleteForm token={token} productId={productId} variantId={variantId} contact={{ firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone }} payText={formatPence(left)} />
    </div>
  )
}
