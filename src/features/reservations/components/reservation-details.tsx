// A reservation as the customer sees it: the bike, the hold's end in UK time, the deposit and what is left
// to pay, the dealer's details, what to bring and the next steps.
import { formatPence } from '../../../domain/money'
import { formatUkDateTime, leftToPayPence } from '../../../domain/reservations/reservation-rules'
import type { Reservation } from '../../../payload-types'
import type { DealerInfo } from '../queries.server'
import type { ReservationPartExchange } from '../reservation-part-exchange.server'
import { displayVrm } from '../../../domain/part-exchange/vrm'
import './reservation.css'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS, REFUND_DAYS } from '../../../domain/consumer-rights'

const STATUS_WORDS: Record<Reservation['status'], string> = {
  awaiting_payment: 'Waiting for your deposit',
  active: 'Reserved for you',
  converted: 'Bought',
  cancelled: 'Cancelled',
  expired: 'Ended',
  released: 'Released by the dealer',
}

export function ReservationDetails({ reservation: r, dealer, partExchange = null }: { reservation: Reservation; dealer: DealerInfo; partExchange?: ReservationPartExchange | null }) {
  const until = r.stock?.holdExpiresAt ? formatUkDateTime(new Date(r.stock.holdExpiresAt)) : null
  const refunded = r.payment?.refundedPence ?? 0
  const phoneHref = dealer.phone ? `tel:${dealer.phone.replace(/\s/g, '')}` : null
  return (
    <div className="reservation">
      <dl className="reservation__facts">
        <div><dt>Reservation number</dt><dd data-testid="reservation-number">{r.reservationNumber}</dd></div>
        <div><dt>Bike</dt><dd>{r.productName}</dd></div>
        <div><dt>Status</dt><dd data-testid="reservation-status">{STATUS_WORDS[r.status]}</dd></div>
        {r.status === 'active' && until && <div><dt>Kept for you until</dt><dd data-testid="hold-ends">{until}</dd></div>}
        <div><dt>Price</dt><dd>{formatPence(r.pricePence)}</dd></div>
        <div><dt>Deposit {r.payment?.paidAt ? 'paid' : 'to pay'}</dt><dd>{formatPence(r.depositPence)}</dd></div>
        {r.status !== 'cancelled' && r.status !== 'expired' && r.status !== 'released' && (
          <div><dt>Left to pay when you buy</dt><dd>{formatPence(leftToPayPence(r.pricePence, r.depositPence))}</dd></div>
        )}
        {refunded > 0 && <div><dt>Refunded to your card</dt><dd data-testid="refunded">{formatPence(refunded)}</dd></div>}
      </dl>

      {partExchange && (
        <section aria-labelledby="reservation-px-title" data-testid="reservation-part-exchange">
          <h2 id="reservation-px-title">Your part-exchange</h2>
          <p>
            {displayVrm(partExchange.vrm)}, {partExchange.make}, {partExchange.year}: valued at {formatPence(partExchange.valuePence)} (trade range {formatPence(partExchange.lowPence)} to {formatPence(partExchange.highPence)})
            {partExchange.outstandingFinancePence > 0 ? `, with ${formatPence(partExchange.outstandingFinancePence)} of finance to settle` : ''}.
          </p>
          <p>Subject to inspection: bring the bike, its keys and its V5C logbook, and we confirm the figure when we see it.</p>
        </section>
      )}

      {r.status === 'active' && (
        <>
          <h2>What happens next</h2>
          <ol className="reservation__steps">
            <li>Nobody else can buy or reserve this bike{until ? ` until ${until}` : ''}.</li>
            <li>Complete your purchase online below, or visit us before then: the {formatPence(r.depositPence)} deposit comes off the price either way.</li>
            <li>Changed your mind? Cancel any time before then and we refund the deposit to your card. If you don’t buy, we refund it automatically when the hold ends.</li>
          </ol>
          {dealer.whatToBring && (
            <>
              <h2>What to bring</h2>
              <p>{dealer.whatToBring}</p>
            </>
          )}
        </>
      )}

      <h2>The dealer</h2>
      <address className="reservation__dealer">
        <strong>{dealer.name}</strong>
        {dealer.address && <span>{dealer.address}</span>}
        {dealer.phone && phoneHref && <span>Phone <a href={phoneHref}>{dealer.phone}</a></span>}
        {dealer.email && <span>Email <a href={`mailto:${dealer.email}`}>{dealer.email}</a></span>}
      </address>
      {dealer.openingHours.length > 0 && (
        <ul className="reservation__hours" aria-label="Opening hours">
          {dealer.openingHours.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      <p className="reservation__rights">
        Your right to cancel: you may cancel within {CANCELLATION_DAYS} days of paying the deposit without giving a reason, and we refund it within {REFUND_DAYS} days ({CONSUMER_CONTRACTS_REGULATIONS}).
      </p>
    </div>
  )
}
