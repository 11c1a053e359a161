// POST /api/bookings/test-rides: books a test ride on a demo bike for a day and time; the rider's licence is
// checked against the bike (422 with the reason), one rider per bike and time (409 when just taken).
import { payloadClient } from '../../../../cms/payload-client.server'
import { paths } from '../../../../config/paths'
import { testRideRequest } from '../../../../features/bookings/booking-request'
import { bookTestRide } from '../../../../features/bookings/bookings.server'
import { readJsonRequest } from '../../../../lib/http/json-body'
import { json, refuseBody, refuseOutcome } from '../../../../lib/http/respond'
import { MAX_BOOKING_BYTES } from '../../../../features/bookings/booking-request'
import { signedInCustomerId } from '../../../../features/account/session.server'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.booking)
  if (limited) return limited
  const body = await readJsonRequest(request, testRideRequest, { limit: MAX_BOOKING_BYTES })
  if (!body.ok) return refuseBody(body.refusal)
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  const result = await bookTestRide(payload, body.value, { customerId })
  if (!result.ok) return refuseOutcome(result)
  return json({ reference: result.reference, token: result.token, successUrl: paths.testRideSuccess(result.token) }, 201)
}
