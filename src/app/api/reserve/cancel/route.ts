// POST /api/reserve/cancel: the customer cancels with the signed link from their email or page (no
// account needed). An unpaid reservation closes its payment; a paid one is refunded and the bike released.
import { payloadClient } from '../../../../cms/payload-client.server'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { readJsonBody } from '../../../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../../../lib/http/respond'
import { cancelReservation, reservationTokenKey } from '../../../../features/reservations/reservation-lifecycle.server'
import { cancelRequest } from '../../../../features/reservations/reservation-request'
import { verifyReservationToken } from '../../../../features/reservations/reservation-token'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.reservationCancel)
  if (limited) return limited
  const body = await readJsonBody(request)
  if (!body.ok) return refuseBody(body.refusal)
  const parsed = cancelRequest.safeParse(body.value)
  if (!parsed.success) return refuse(400, 'invalid_request', 'Send the token from your reservation link.')
  const claims = verifyReservationToken(parsed.data.token, 'manage', reservationTokenKey(), Math.floor(Date.now() / 1000))
  if (!claims) return refuse(404, 'not_found', 'This reservation link is not valid or has expired. Please contact us.')
  const payload = await payloadClient()
  const exists = await payload.count({ collection: 'reservations', where: { id: { equals: claims.reservationId } }, overrideAccess: true })
  if (exists.totalDocs === 0) return refuse(404, 'not_found', 'This reservation link is not valid or has expired. Please contact us.')
  const result = await cancelReservation(payload, claims.reservationId)
  if (!result.ok) return refuse(result.status, 'not_cancellable', result.message)
  const r = await payload.findByID({ collection: 'reservations', id: claims.reservationId, depth: 0, overrideAccess: true })
  return json({ reservationNumber: r.reservationNumber, status: r.status, refunded: result.refunded, refundedPence: r.payment?.refundedPence ?? 0 })
}
