// POST /api/reserve: reserves a bike (ids and contact details only; the deposit comes from the shop's
// settings), holds its one unit and answers where the customer pays the deposit. A repeated key answers the
// same reservation.
import { paymentProvider } from '../../../features/payments/providers.server'
import { payloadClient } from '../../../cms/payload-client.server'
import { env } from '../../../config/env'
import { limitRequest, RATE_RULES } from '../../../features/abuse/rate-limit.server'
import { readJsonRequest } from '../../../lib/http/json-body'
import { refuse, refuseBody } from '../../../lib/http/respond'
import { CUSTOMER_FIELDS } from '../../../features/checkout/checkout-form'
import { depositPaymentUrl, placeReservation } from '../../../features/reservations/place-reservation.server'
import { manageToken, markDepositFailed, RESERVATION_COOKIE } from '../../../features/reservations/reservation-lifecycle.server'
import { signedInCustomerId } from '../../../features/account/session.server'
import { reserveRequest } from '../../../features/reservations/reservation-request'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.reservation)
  if (limited) return limited
  const parsed = await readJsonRequest(request, reserveRequest, { knownFields: CUSTOMER_FIELDS })
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const input = parsed.value
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  const result = await placeReservation(payload, { reservationKey: input.reservationKey, productId: input.productId, variantId: input.variantId ?? null, contact: input.contact, customerId })
  if (!result.ok) return refuse(result.status, result.code, result.message)

  const reservation = await payload.findByID({ collection: 'reservations', id: result.reservationId, depth: 0, overrideAccess: true })
  const provider = paymentProvider(payload)
  let paymentUrl: string
  try {
    paymentUrl = await depositPaymentUrl(payload, reservation, provider)
  } catch (error) {
    payload.logger.error({ err: error, reservation: reservation.reservationNumber }, 'could not start the deposit payment')
    if (result.created) await markDepositFailed(payload, { orderNumber: reservation.reservationNumber, reference: reservation.payment?.reference ?? '', amountPence: reservation.depositPence, provider: provider.name, failureMessage: 'The payment service could not be reached.' })
    return refuse(502, 'payment_unavailable', 'We could not reach the card payment service, so nothing has been charged and the bike is not reserved. Please try again in a minute.')
  }
  const secure = env().SITE_URL.startsWith('https:')
  const cookie = `${RESERVATION_COOKIE}=${manageToken(reservation.id)}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  return Response.json(
    { reservationNumber: result.reservationNumber, depositPence: result.depositPence, paymentUrl },
    { status: result.created ? 201 : 200, headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } },
  )
}
