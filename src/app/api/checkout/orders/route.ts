// POST /api/checkout/orders: places a card order from the checkout form and the basket (ids and counts
// only), holds its stock, and answers where the customer pays. A repeated checkoutKey answers the same order.
import { paymentProvider } from '../../../../features/payments/providers.server'
import { env } from '../../../../config/env'
import { payloadClient } from '../../../../cms/payload-client.server'
import { describeIssues } from '../../../../features/basket/basket-request'
import { placeOrderRequest } from '../../../../features/checkout/checkout-form'
import { jsonError, readJson } from '../../../../features/orders/http.server'
import { markPaymentFailed } from '../../../../features/orders/order-lifecycle.server'
import { issueOrderAccess, newOrderAccessToken, orderAccessCookie } from '../../../../features/orders/order-access.server'
import { placeOrder } from '../../../../features/orders/place-order.server'
import { paymentUrlFor } from '../../../../features/orders/start-payment.server'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { reservationTokenKey } from '../../../../features/reservations/reservation-lifecycle.server'
import { verifyReservationToken } from '../../../../features/reservations/reservation-token'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.checkout)
  if (limited) return limited
  const body = await readJson(request)
  if (!body.ok) return body.response
  const parsed = placeOrderRequest.safeParse(body.value)
  if (!parsed.success) {
    const issues = describeIssues(parsed.error)
    return jsonError(400, 'invalid_request', issues[0] ?? 'The order request is not valid.', { issues })
  }
  const input = parsed.data
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: request.headers }).catch(() => ({ user: null }))
  const customerId = user && user.collection === 'users' ? Number(user.id) : null

  let reservation: { id: number } | undefined
  if (input.reservationToken) {
    const claims = verifyReservationToken(input.reservationToken, 'manage', reservationTokenKey(), Math.floor(Date.now() / 1000))
    if (!claims) return jsonError(403, 'invalid_reservation_token', 'This reservation link is not valid or has expired. Use the link in your reservation email.')
    reservation = { id: claims.reservationId }
  }

  const access = newOrderAccessToken()
  const result = await placeOrder(payload, {
    kind: 'card',
    checkoutKey: input.checkoutKey,
    lines: input.lines,
    couponCode: input.couponCode ?? null,
    deliveryMethod: input.deliveryMethod,
    contact: input.contact,
    address: input.address,
    customerId,
    accessTokenHash: access.hash,
    reservation,
  })
  if (!result.ok) {
    const { ok: _ok, status, code, message, ...rest } = result
    return jsonError(status, code, message, rest)
  }

  const { order } = result
  const provider = paymentProvider(payload)
  let paymentUrl: string
  try {
    paymentUrl = await paymentUrlFor(payload, order, provider)
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'could not start the card payment')
    if (result.created) await markPaymentFailed(payload, { orderNumber: order.orderNumber, reference: order.payment?.reference ?? '', amountPence: order.totalPence, provider: provider.name, failureMessage: 'The payment service could not be reached.' })
    return jsonError(502, 'payment_unavailable', 'We could not reach the card payment service, so nothing has been charged and your basket is unchanged. Please try again in a minute.')
  }
  const secure = env().SITE_URL.startsWith('https:')
  // A new order already holds this browser's token; a repeated checkout gets a fresh one for its order.
  const cookie = result.created ? orderAccessCookie(order.orderNumber, access, secure) : await issueOrderAccess(payload, order, secure)
  return Response.json(
    { orderNumber: result.orderNumber, totalPence: result.totalPence, paymentUrl },
    { status: result.created ? 201 : 200, headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } },
  )
}
