// POST /api/bookings/test-rides: books a test ride on a demo bike for a day and time; the rider's licence is
// checked against the bike (422 with the reason), one rider per bike and time (409 when just taken).
import { payloadClient } from '../../../../cms/payload-client.server'
import { paths } from '../../../../config/paths'
import { testRideRequest } from '../../../../features/bookings/booking-request'
import { bookTestRide } from '../../../../features/bookings/bookings.server'
import { parseJson, refusalResponse } from '../../../../features/bookings/http.server'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.booking)
  if (limited) return limited
  const body = await parseJson(request, testRideRequest)
  if (!body.ok) return body.response
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: request.headers }).catch(() => ({ user: null }))
  const result = await bookTestRide(payload, body.value, { customerId: user?.collection === 'users' ? Number(user.id) : null })
  if (!result.ok) return refusalResponse(result)
  return Response.json({ reference: result.reference, token: result.token, successUrl: paths.testRideSuccess(result.token) }, { status: 201, headers: { 'cache-control': 'no-store' } })
}
