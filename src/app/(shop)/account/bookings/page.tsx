import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'
import { payloadClient } from '../../../../cms/payload-client.server'
import { formatPence } from '../../../../domain/money'
import { requireCustomer } from '../../../../features/account/session.server'
import { bookingToken } from '../../../../features/bookings/bookings.server'
import { customerBookings } from '../../../../features/bookings/queries.server'
import '../../../../features/account/account.css'
import '../../../../features/bookings/bookings.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your bookings', robots: { index: false, follow: false } }

export default async function AccountBookingsPage() {
  const customer = await requireCustomer(paths.accountBookings())
  const payload = await payloadClient()
  const bookings = await customerBookings(payload, customer)
  const tokens = await Promise.all(bookings.map((b) => bookingToken(payload, { id: b.id, day: b.day })))
  return (
    <div className="container account-page">
      <h1>Your bookings</h1>
      <nav aria-label="Account" className="account-nav">
        <a href={paths.account()}>Your details</a>
        <a href={paths.orders()}>Your orders</a>
        <a href={paths.bicycleServices()}>Book a service</a>
      </nav>
      {bookings.length === 0 ? (
        <p>You have no workshop bookings or test rides yet. <a href={paths.bicycleServices()}>Book a bicycle service</a>.</p>
      ) : (
        <ul className="orders-list">
          {bookings.map((b, i) => (
            <li key={b.id} className="order-card">
              <a className="order-card__number" href={paths.manageBooking(tokens[i]!)}>{b.reference}</a>
              <span className={`status status--${b.status}`}>{b.statusLabel}</span>
              <p className="order-card__meta">{b.title} · {b.dayLabel}{b.window ? ` at ${b.window}` : ''}{b.totalPence != null ? ` · ${formatPence(b.totalPence)}` : ''}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
