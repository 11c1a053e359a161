// A booking as the customer sees it: reference, day, what was booked and its price, the bike, the status.
import { formatPence } from '../../../domain/money'
import type { BookingView } from '../booking-view'

export function BookingSummary({ booking }: { booking: BookingView }) {
  return (
    <dl className="booking-summary">
      <div><dt>Reference</dt><dd>{booking.reference}</dd></div>
      <div><dt>{booking.kind === 'test_ride' ? 'Day and time' : 'Drop-off day'}</dt><dd>{booking.dayLabel}{booking.window ? ` at ${booking.window}` : ''}</dd></div>
      <div><dt>Status</dt><dd><span className={`status status--${booking.status}`}>{booking.statusLabel}</span></dd></div>
      <div><dt>{booking.kind === 'test_ride' ? 'Bike' : 'Your bike'}</dt><dd>{booking.bike || '—'}</dd></div>
      {booking.lines.length > 0 && (
        <div>
          <dt>Booked</dt>
          <dd>
            <ul className="booking-lines">
              {booking.lines.map((l) => <li key={l.name}>{l.name}: {formatPence(l.pricePence)}</li>)}
            </ul>
          </dd>
        </div>
      )}
      {booking.totalPence != null && <div><dt>Total (VAT included, paid on collection)</dt><dd><strong>{formatPence(booking.totalPence)}</strong></dd></div>}
      {booking.extraWorkLimitPence ? <div><dt>Extra work pre-authorised up to</dt><dd>{formatPence(booking.extraWorkLimitPence)}</dd></div> : null}
      {booking.extraWork && (
        <div><dt>Extra work quoted</dt><dd>{booking.extraWork.description}: {formatPence(booking.extraWork.quotePence)}{booking.extraWork.decision && booking.extraWork.decision !== 'pending' ? ` (${booking.extraWork.decision.replace('_', '-')})` : ''}</dd></div>
      )}
    </dl>
  )
}
