// POST /api/bookings/services: books a workshop job from JSON (tier and add-on ids, a day, the bike and
// contact). The shop prices it; a full day is 409 with the next free days. Answers the signed manage token.
import { paths } from '../../../../config/paths'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { MAX_BOOKING_BYTES, serviceBookingRequest } from '../../../../features/bookings/booking-request'
import { bookService } from '../../../../features/bookings/bookings.server'
import { json, refuseOutcome } from '../../../../lib/http/respond'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.booking,
  schema: serviceBookingRequest,
  body: { limit: MAX_BOOKING_BYTES },
  handle: async (input, caller) => {
    const result = await bookService(caller.payload, input, { customerId: await caller.customerId() })
    if (!result.ok) return refuseOutcome(result)
    return json({ reference: result.reference, token: result.token, successUrl: paths.bicycleServicesSuccess(result.token) }, 201)
  },
})
