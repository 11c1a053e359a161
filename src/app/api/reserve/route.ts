// POST /api/reserve: reserves a bike (ids and contact details only; the deposit comes from the shop's
// settings), holds its one unit and answers where the customer pays the deposit. A repeated key answers the
// same reservation.
import { payloadClient } from '../../../cms/payload-client.server'
import { env } from '../../../config/env'
import { limitRequest, RATE_RULES } from '../../../features/abuse/rate-limit.server'
import { readJsonRequest } from '../../../lib/http/json-body'
import { json, refuseBody, refuseOutcome } from '../../../lib/http/respond'
import { CUSTOMER_FIELDS } from '../../../features/checkout/checkout-form'
import { reserveByCard } from '../../../features/reservations/reserve-by-card.server'
import { signedInCustomerId } from '../../../features/account/session.server'
import { reserveRequest } from '../../../features/reservations/reservation-request'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.reservation)
  if (limited) return limited
  const parsed = await readJsonRequest(request, reserveRequest, { knownFields: CUSTOMER_FIELDS })
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  const result = await reserveByCard(payload, parsed.value, { customerId, secureCookie: env().SITE_URL.startsWith('https:') })
  if (!result.ok) return refuseOutcome(result)
  return json({ reservationNumber: result.reservationNumber, depositPence: result.depositPence, paymentUrl: result.paymentUrl }, result.created ? 201 : 200, { 'set-cookie': result.cookie })
}
