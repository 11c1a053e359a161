import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'
import { payloadClient } from '../../../../cms/payload-client.server'
import { canCustomerChange } from '../../../../domain/booking/availability'
import { customerMayChange, type JobStatus } from '../../../../domain/booking/job-status'
import { formatPence } from '../../../../domain/money'
import { bookingFromToken, bookingToken, loadBookingSettings } from '../../../../features/bookings/bookings.server'
import { BookingSummary } from '../../../../features/bookings/components/booking-summary'
import { CancelForm, ExtraWorkForm, RescheduleForm } from '../../../../features/bookings/components/manage-forms'
import { toBookingView } from '../../../../features/bookings/booking-view'
import { rescheduleOptions } from '../../../../features/bookings/queries.server'
import '../../../../features/account/account.css'
import '../../../../features/bookings/bookings.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your booking', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

const DONE: Record<string, string> = {
  cancelled: 'Your booking is cancelled. We have emailed you a confirmation.',
  moved: 'Your booking is moved. We have emailed you the new day and calendar file.',
  approved: 'Thank you: we will do the extra work.',
  declined: 'Understood: we will not do the extra work, and carry on with the service you booked.',
}

export default async function ManageBookingPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const payload = await payloadClient()
  const found = await bookingFromToken(payload, params.token, 'manage').then(async (r) => (r.ok || r.code !== 'token_wrong_purpose' ? r : bookingFromToken(payload, params.token, 'extra-work')))
  if (!found.ok) {
    return (
      <div className="container account-page account-page--narrow">
        <h1>Your booking</h1>
        <p role="alert" className="form-message form-message--error">{found.message}</p>
      </div>
    )
  }
  const booking = toBookingView(found.booking)
  const settings = await loadBookingSettings(payload)
  const manageToken = await bookingToken(payload, found.booking)
  const rules = booking.kind === 'test_ride' ? settings.testRides : settings.workshop
  const changeable = customerMayChange(booking.status as JobStatus) && canCustomerChange(rules, new Date(), booking.day)
  const awaiting = booking.status === 'awaiting_approval' && booking.extraWork?.decision === 'pending'
  const done = typeof params.done === 'string' ? DONE[params.done] : undefined
  const options = changeable ? await rescheduleOptions(payload, found.booking) : []
  const what = booking.kind === 'test_ride' ? 'test ride' : 'booking'
  // Cancelling asks once more, as a reservation's cancel does: the first press only opens the question.
  const confirmingCancel = params.confirm === 'cancel'
  return (
    <div className="container account-page booking-page">
      <h1>{booking.kind === 'test_ride' ? 'Your test ride' : 'Your workshop booking'}</h1>
      {done && <p className="form-message form-message--success" role="status">{done}</p>}
      <BookingSummary booking={booking} />
      {awaiting && booking.extraWork && (
        <section aria-labelledby="extra-heading">
          <h2 id="extra-heading">Extra work needs your approval</h2>
          <p>{booking.extraWork.description}. Quote, VAT included: <strong>{formatPence(booking.extraWork.quotePence)}</strong>.</p>
          <ExtraWorkForm token={String(params.token)} />
        </section>
      )}
      {changeable ? (
        <div className="account-grid">
          <section aria-labelledby="move-heading">
            <h2 id="move-heading">Reschedule</h2>
            <RescheduleForm token={manageToken} options={options.slice(0, 60)} />
          </section>
          <section aria-labelledby="cancel-heading">
            <h2 id="cancel-heading">Cancel</h2>
            {confirmingCancel ? (
              <>
                <p data-testid="cancel-question">
                  Cancel your {what} on {booking.dayLabel}? Your place goes to someone else; you can book again at any time.
                </p>
                <CancelForm token={manageToken} label={`Yes, cancel the ${what}`} keep={{ href: paths.manageBooking(manageToken), label: `Keep my ${what}` }} />
              </>
            ) : (
              <>
                <p>You can cancel free of charge until {rules.changeCutoffHours} hours before the day.</p>
                <p>
                  <a className="button" href={paths.confirmBookingCancel(manageToken)}>
                    Cancel the {what}
                  </a>
                </p>
              </>
            )}
          </section>
        </div>
      ) : booking.status === 'booked' ? (
        <p>It is too close to the day to change this booking online. Please call us{settings.phone ? ` on ${settings.phone}` : ''}.</p>
      ) : null}
      {booking.status !== 'cancelled' && <p><a href={paths.bookingCalendar(manageToken)} download>Calendar file (.ics)</a></p>}
    </div>
  )
}
