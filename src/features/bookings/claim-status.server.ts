// Moves a booking's status with one conditional UPDATE, so of two changes racing (a customer's cancel and a
// staff check-in, or a double click) exactly one wins and only the winner moves capacity.
import 'server-only'
import type { Payload } from 'payload'
import { execute, placeholders, type TransactionId } from '../../cms/sql.server'
import type { Booking } from '../../payload-types'
import { returnCapacity } from './capacity.server'

export async function claimBookingStatus(payload: Payload, transactionID: TransactionId, bookingId: number, from: readonly string[], to: string): Promise<boolean> {
  if (!from.length) return false
  const result = await execute(payload, transactionID, { sql: `UPDATE bookings SET status = ? WHERE id = ? AND status IN (${placeholders(from.length)})`, args: [to, bookingId, ...from] })
  return result.rowsAffected === 1
}

/** Cancels a booking that holds capacity: only the change that claims it gives the day's capacity back. */
export async function cancelHoldingBooking(payload: Payload, transactionID: TransactionId, booking: Pick<Booking, 'id' | 'resource' | 'minutes'>, from: readonly string[], day: string): Promise<boolean> {
  if (!(await claimBookingStatus(payload, transactionID, booking.id, from, 'cancelled'))) return false
  if (booking.resource && booking.minutes) await returnCapacity(payload, transactionID, booking.resource, day, booking.minutes)
  return true
}
