import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { payloadClient } from '../../../cms/payload-client.server'
import { bookingFromToken, bookingLinks, loadBookingSettings } from '../../../features/bookings/bookings.server'
import { BookingSummary } from '../../../features/bookings/components/booking-summary'
import { toBookingView } from '../../../features/bookings/booking-view'
import '../../../features/account/account.css'
import '../../../features/bookings/bookings.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your service is booked', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function BicycleServicesSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const payload = await payloadClient()
  const found = await bookingFromToken(payload, (await searchParams).token)
  if (!found.ok) {
    return (
      <div className="container account-page account-page--narrow">
        <h1>Booking not found</h1>
        <p role="alert" className="form-message form-message--error">{found.message}</p>
        <p><a href={paths.bicycleServices()}>Book a service</a></p>
      </div>
    )
  }
  const booking = toBookingView(found.booking)
  const settings = await loadBookingSettings(payload)
  const links = bookingLinks(payload, found.booking)
  return (
    <div className="container account-page booking-page">
      <h1>Your service is booked</h1>
      <p className="form-message form-message--success" role="status">
        Thank you, {booking.firstName}. We have emailed the confirmation to {booking.email}.
      </p>
      <BookingSummary booking={booking} />
      <section aria-labelledby="dropoff-heading">
        <h2 id="dropoff-heading">Dropping your bike off</h2>
        <p>Bring your bike to {settings.address} on <strong>{booking.dayLabel}</strong>, {settings.workshop.dropOffTimes}.</p>
        <h3>What to bring</h3>
        <p>{settings.workshop.whatToBring}</p>
      </section>
      <ul className="account-page__links">
        <li><a href={paths.bookingCalendar(links.token)} download>Add the drop-off to your calendar (.ics)</a></li>
        <li><a href={paths.manageBooking(links.token)}>Reschedule or cancel</a> (the same link is in your email; no account needed)</li>
      </ul>
    </div>
  )
}
