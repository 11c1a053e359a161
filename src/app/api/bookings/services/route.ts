// POST /api/bookings/services: books a workshop job from JSON (tier and add-on ids, a day, the bike and
// contact). The shop prices it; a full day is 409 with the next free days. Answers the signed manage token.
import { payloadClient } from '../../../../cms/payload-client.server'
import { paths } from '../../../../config/paths'
import { serviceBookingRequest } from '../../../../features/bookings/booking-request'
import { bookService } from '../../../../features/bookings/bookings.server'
import { readJsonRequest } from '../../../../lib/http/json-body'
import { json, refuseBody, refuseOutcome } from '../../../../lib/http/respond'
import { MAX_BOOKING_BYTES } from '../../../../features/bookings/booking-request'
import { signedInCustomerId } from '../../../../features/account/session.server'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.booking)
  if (limited) return limited
  const body = await readJsonRequest(request, serviceBookingRequest, { limit: MAX_BOOKING_BYTES })
  if (!body.ok) return refuseBody(body.refusal)
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  const result = await bookService(payload, body.value, { customerId })
  if (!result.ok) return refuseOutcome(result)
  return json({ reference: result.reference, token: result.token, successUrl: paths.bicycleServicesSuccess(result.token) }, 201)
}
