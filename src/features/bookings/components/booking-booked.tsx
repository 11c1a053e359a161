// The page after a booking: the confirmation, what was booked, what to do on the day (given by the page),
// and the calendar and manage links; or, for a link that finds no booking, the reason.
import type { ReactNode } from 'react'
import { paths } from '../../../config/paths'
import type { BookingView } from '../booking-view'
import { BookingSummary } from './booking-summary'

export function BookingNotFound({ message, children }: { readonly message: string; readonly children?: ReactNode }) {
  return (
    <div className="container account-page account-page--narrow">
      <h1>Booking not found</h1>
      <p role="alert" className="form-message form-message--error">{message}</p>
      {children}
    </div>
  )
}

export function BookingBooked(props: { readonly title: string; readonly booking: BookingView; readonly token: string; readonly calendarLabel: string; readonly manage: ReactNode; readonly children: ReactNode }) {
  const { booking, token } = props
  return (
    <div className="container account-page booking-page">
      <h1>{props.title}</h1>
      <p className="form-message form-message--success" role="status">
        Thank you, {booking.firstName}. We have emailed the confirmation to {booking.email}.
      </p>
      <BookingSummary booking={booking} />
      {props.children}
      <ul className="account-page__links">
        <li><a href={paths.bookingCalendar(token)} download>{props.calendarLabel}</a></li>
        <li>{props.manage}</li>
      </ul>
    </div>
  )
}
