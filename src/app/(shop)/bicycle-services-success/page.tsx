import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { payloadClient } from '../../../cms/payload-client.server'
import { bookingConfirmation } from '../../../features/bookings/bookings.server'
import { BookingBooked, BookingNotFound } from '../../../features/bookings/components/booking-booked'
import '../../../features/account/account.css'
import '../../../features/bookings/bookings.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your service is booked', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function BicycleServicesSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const found = await bookingConfirmation(await payloadClient(), (await searchParams).token)
  if (!found.ok) {
    return (
      <BookingNotFound message={found.message}>
        <p><a href={paths.bicycleServices()}>Book a service</a></p>
      </BookingNotFound>
    )
  }
  const { booking, settings, token } = found
  const manage = <><a href={paths.manageBooking(token)}>Reschedule or cancel</a> (the same link is in your email; no account needed)</>
  return (
    <BookingBooked title="Your service is booked" booking={booking} token={token} calendarLabel="Add the drop-off to your calendar (.ics)" manage={manage}>
      <section aria-labelledby="dropoff-heading">
        <h2 id="dropoff-heading">Dropping your bike off</h2>
        <p>Bring your bike to {settings.address} on <strong>{booking.dayLabel}</strong>, {settings.workshop.dropOffTimes}.</p>
        <h3>What to bring</h3>
        <p>{settings.workshop.whatToBring}</p>
      </section>
    </BookingBooked>
  )
}
