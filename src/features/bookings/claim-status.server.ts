// Moves a booking's status with one conditional UPDATE, so of two changes racing (a customer's cancel and a
// staff check-in, or a double click) exactly one wins and only the winner moves capacity.
import 'server-only'
import type { Payload } from 'payload'
import { execute, placeholders, type TransactionId } from '../../cms/sql.server'

export async function claimBookingStatus(payload: Payload, transactionID: TransactionId, bookingId: number, from: readonly string[], to: string): Promise<boolean> {
  if (!from.length) return false
  const result = await execute(payload, transactionID, { sql: `UPDATE bookings SET status = ? WHERE id = ? AND status IN (${placeholders(from.length)})`, args: [to, bookingId, ...from] })
  return result.rowsAffected === 1
}
