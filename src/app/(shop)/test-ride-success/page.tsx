import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { payloadClient } from '../../../cms/payload-client.server'
import { formatPence } from '../../../domain/money'
import { bookingFromToken, bookingLinks, loadBookingSettings } from '../../../features/bookings/bookings.server'
import { BookingSummary } from '../../../features/bookings/components/booking-summary'
import { toBookingView } from '../../../features/bookings/booking-view'
import '../../../features/account/account.css'
import '../../../features/bookings/bookings.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your test ride is booked', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function TestRideSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const payload = await payloadClient()
  const found = await bookingFromToken(payload, (await searchParams).token)
  if (!found.ok) {
    return (
      <div className="container account-page account-page--narrow">
        <h1>Booking not found</h1>
        <p role="alert" className="form-message form-message--error">{found.message}</p>
      </div>
    )
  }
  const booking = toBookingView(found.booking)
  const settings = await loadBookingSettings(payload)
  const links = bookingLinks(payload, found.booking)
  return (
    <div className="container account-page booking-page">
      <h1>Your test ride is booked</h1>
      <p className="form-message form-message--success" role="status">Thank you, {booking.firstName}. We have emailed the confirmation to {booking.email}.</p>
      <BookingSummary booking={booking} />
      <section aria-labelledby="bring-heading">
        <h2 id="bring-heading">On the day</h2>
        <p>Come to {settings.address} at {booking.window} on {booking.dayLabel}. Bring your photocard driving licence: no licence, no ride. The damage excess is {formatPence(settings.testRides.excessPence)}.</p>
      </section>
      <ul className="account-page__links">
        <li><a href={paths.bookingCalendar(links.token)} download>Add the test ride to your calendar (.ics)</a></li>
        <li><a href={paths.manageBooking(links.token)}>Move or cancel the test ride</a></li>
      </ul>
    </div>
  )
}
