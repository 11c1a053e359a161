// POST /api/bookings/test-rides: books a test ride on a demo bike for a day and time; the rider's licence is
// checked against the bike (422 with the reason), one rider per bike and time (409 when just taken).
import { paths } from '../../../../config/paths'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { MAX_BOOKING_BYTES, testRideRequest } from '../../../../features/bookings/booking-request'
import { bookTestRide } from '../../../../features/bookings/bookings.server'
import { json, refuseOutcome } from '../../../../lib/http/respond'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.booking,
  schema: testRideRequest,
  body: { limit: MAX_BOOKING_BYTES },
  handle: async (input, caller) => {
    const result = await bookTestRide(caller.payload, input, { customerId: await caller.customerId() })
    if (!result.ok) return refuseOutcome(result)
    return json({ reference: result.reference, token: result.token, successUrl: paths.testRideSuccess(result.token) }, 201)
  },
})
