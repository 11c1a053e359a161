// POST /api/bookings/manage: the customer's changes by signed link, no account needed: cancel, reschedule,
// approve or decline extra work. A forged or expired token is 403/410 and changes nothing.
import { manageRequest, MAX_BOOKING_BYTES } from '../../../../features/bookings/booking-request'
import { manageBooking } from '../../../../features/bookings/manage-booking.server'
import { toBookingView } from '../../../../features/bookings/booking-view'
import { json, refuseOutcome } from '../../../../lib/http/respond'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.bookingManage,
  schema: manageRequest,
  body: { limit: MAX_BOOKING_BYTES },
  handle: async (input, { payload }) => {
    const result = await manageBooking(payload, input)
    if (!result.ok) return refuseOutcome(result)
    const { id: _id, ...view } = toBookingView(result.booking)
    return json({ booking: view })
  },
})
