import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { payloadClient } from '../../../cms/payload-client.server'
import { formatPence } from '../../../domain/money'
import { bookingConfirmation } from '../../../features/bookings/bookings.server'
import { BookingBooked, BookingNotFound } from '../../../features/bookings/components/booking-booked'
import '../../../features/account/account.css'
import '../../../features/bookings/bookings.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your test ride is booked', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function TestRideSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const found = await bookingConfirmation(await payloadClient(), (await searchParams).token)
  if (!found.ok) return <BookingNotFound message={found.message} />
  const { booking, settings, token } = found
  return (
    <BookingBooked title="Your test ride is booked" booking={booking} token={token} calendarLabel="Add the test ride to your calendar (.ics)" manage={<a href={paths.manageBooking(token)}>Move or cancel the test ride</a>}>
      <section aria-labelledby="bring-heading">
        <h2 id="bring-heading">On the day</h2>
        <p>Come to {settings.address} at {booking.window} on {booking.dayLabel}. Bring your photocard driving licence: no licence, no ride. The damage excess is {formatPence(settings.testRides.excessPence)}.</p>
      </section>
    </BookingBooked>
  )
}
