// A card checkout from the storefront: places the order (holding its stock), starts its payment, and gives
// the browser its order-access cookie. A repeated checkoutKey answers the same order with a fresh cookie;
// a payment service that cannot be reached fails the new order at once so its stock goes back on sale.
import 'server-only'
import type { Payload } from 'payload'
import type { PlaceOrderRequest } from '../checkout/checkout-form'
import { paymentProvider } from '../payments/providers.server'
import { reservationTokenKey } from '../reservations/reservation-lifecycle.server'
import { verifyReservationToken } from '../reservations/reservation-token'
import { issueOrderAccess, newOrderAccessToken, orderAccessCookie } from './order-access.server'
import { markPaymentFailed } from './order-lifecycle.server'
import { placeOrder } from './place-order.server'
import { paymentUrlFor } from './start-payment.server'

export type CardCheckout =
  | { readonly ok: true; readonly created: boolean; readonly orderNumber: string; readonly totalPence: number; readonly paymentUrl: string; readonly cookie: string }
  | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string; readonly [detail: string]: unknown }

export async function checkoutByCard(payload: Payload, input: PlaceOrderRequest, who: { readonly customerId: number | null; readonly secureCookie: boolean; readonly network?: string | null }): Promise<CardCheckout> {
  let reservation: { id: number } | undefined
  if (input.reservationToken) {
    const claims = verifyReservationToken(input.reservationToken, 'manage', reservationTokenKey(), Math.floor(Date.now() / 1000))
    if (!claims) return { ok: false, status: 403, code: 'invalid_reservation_token', message: 'This reservation link is not valid or has expired. Use the link in your reservation email.' }
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
    customerId: who.customerId,
    accessTokenHash: access.hash,
    reservation,
    network: who.network ?? null,
  })
  if (!result.ok) return result

  const { order } = result
  const provider = paymentProvider(payload)
  let paymentUrl: string
  try {
    paymentUrl = await paymentUrlFor(payload, order, provider)
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'could not start the card payment')
    if (result.created) await markPaymentFailed(payload, { orderNumber: order.orderNumber, reference: order.payment?.reference ?? '', amountPence: order.totalPence, provider: provider.name, failureMessage: 'The payment service could not be reached.' })
    return { ok: false, status: 502, code: 'payment_unavailable', message: 'We could not reach the card payment service, so nothing has been charged and your basket is unchanged. Please try again in a minute.' }
  }
  // A new order already holds this browser's token; a repeated checkout gets a fresh one for its order.
  const cookie = result.created ? orderAccessCookie(order.orderNumber, access, who.secureCookie) : await issueOrderAccess(payload, order, who.secureCookie)
  return { ok: true, created: result.created, orderNumber: result.orderNumber, totalPence: result.totalPence, paymentUrl, cookie }
}
