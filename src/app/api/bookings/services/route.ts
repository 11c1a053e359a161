// POST /api/bookings/services: books a workshop job from JSON (tier and add-on ids, a day, the bike and
// contact). The shop prices it; a full day is 409 with the next free days. Answers the signed manage token.
import { payloadClient } from '../../../../cms/payload-client.server'
import { paths } from '../../../../config/paths'
import { serviceBookingRequest } from '../../../../features/bookings/booking-request'
import { bookService } from '../../../../features/bookings/bookings.server'
import { parseJson, refusalResponse } from '../../../../features/bookings/http.server'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.booking)
  if (limited) return limited
  const body = await parseJson(request, serviceBookingRequest)
  if (!body.ok) return body.response
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: request.headers }).catch(() => ({ user: null }))
  const result = await bookService(payload, body.value, { customerId: user?.collection === 'users' ? Number(user.id) : null })
  if (!result.ok) return refusalResponse(result)
  return Response.json({ reference: result.reference, token: result.token, successUrl: paths.bicycleServicesSuccess(result.token) }, { status: 201, headers: { 'cache-control': 'no-store' } })
}
