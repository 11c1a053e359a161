// A customer's change by signed link (cancel, reschedule, approve or decline extra work), as the JSON route and the
// no-JavaScript form both make it.
import 'server-only'
import type { Payload } from 'payload'
import type { z } from '../../lib/zod'
import type { manageRequest } from './booking-request'
import { cancelBooking, decideExtraWork, rescheduleBooking } from './bookings.server'

export function manageBooking(payload: Payload, input: z.output<typeof manageRequest>) {
  if (input.action === 'cancel') return cancelBooking(payload, input.token)
  if (input.action === 'reschedule') return rescheduleBooking(payload, input.token, input.day, input.window ?? null)
  return decideExtraWork(payload, input.token, input.action === 'approve' ? 'approved' : 'declined')
}
