// A signed-in customer's reservations on /orders, each with its no-account link to see, complete or cancel it.
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { formatUkDateTime } from '../../../domain/reservations/reservation-rules'
import { customerReservations } from '../queries.server'
import { manageToken } from '../reservation-email.server'

const WORDS: Record<string, string> = { awaiting_payment: 'Waiting for deposit', active: 'Reserved', converted: 'Bought', cancelled: 'Cancelled', expired: 'Ended', released: 'Released' }

export async function CustomerReservations({ customerId }: { customerId: number }) {
  const list = await customerReservations(customerId)
  if (list.length === 0) return null
  const tokens = await Promise.all(list.map((r) => manageToken(r.id)))
  return (
    <section aria-labelledby="reservations-title">
      <h2 id="reservations-title">Your reservations</h2>
      <ol className="orders-list" aria-label="Reservations, newest first">
        {list.map((r, i) => (
          <li key={r.id} className="order-card">
            <a className="order-card__number" href={paths.manageReservation(tokens[i]!)}>Reservation {r.reservationNumber}</a>
            <span><span className={`status status--${r.status}`}>{WORDS[r.status] ?? r.status}</span></span>
            <span className="order-card__total">{formatPence(r.depositPence)} deposit</span>
            <p className="order-card__meta">
              {r.productName}
              {r.status === 'active' && r.stock?.holdExpiresAt ? ` · kept until ${formatUkDateTime(new Date(r.stock.holdExpiresAt))}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
