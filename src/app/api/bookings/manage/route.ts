// POST /api/bookings/manage: the customer's changes by signed link, no account needed: cancel, reschedule,
// approve or decline extra work. A forged or expired token is 403/410 and changes nothing.
import { payloadClient } from '../../../../cms/payload-client.server'
import { manageRequest } from '../../../../features/bookings/booking-request'
import { cancelBooking, decideExtraWork, rescheduleBooking } from '../../../../features/bookings/bookings.server'
import { toBookingView } from '../../../../features/bookings/booking-view'
import { readJsonRequest } from '../../../../lib/http/json-body'
import { json, refuseBody, refuseOutcome } from '../../../../lib/http/respond'
import { MAX_BOOKING_BYTES } from '../../../../features/bookings/booking-request'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.booking)
  if (limited) return limited
  const body = await readJsonRequest(request, manageRequest, { limit: MAX_BOOKING_BYTES })
  if (!body.ok) return refuseBody(body.refusal)
  const payload = await payloadClient()
  const input = body.value
  const result =
    input.action === 'cancel'
      ? await cancelBooking(payload, input.token)
      : input.action === 'reschedule'
        ? await rescheduleBooking(payload, input.token, input.day, input.window ?? null)
        : await decideExtraWork(payload, input.token, input.action === 'approve' ? 'approved' : 'declined')
  if (!result.ok) return refuseOutcome(result)
  const { id: _id, ...view } = toBookingView(result.booking)
  return json({ booking: view })
}
