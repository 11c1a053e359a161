// A reservation from the storefront: places it (holding the bike's one unit), starts the deposit payment and
// gives the browser its reservation cookie. A repeated reservationKey answers the same reservation; a payment
// service that cannot be reached fails the new reservation at once so the bike goes back on sale.
import 'server-only'
import type { Payload } from 'payload'
import { paymentProvider } from '../payments/providers.server'
import { depositPaymentUrl, placeReservation } from './place-reservation.server'
import { manageToken, markDepositFailed, RESERVATION_COOKIE } from './reservation-lifecycle.server'
import type { ReserveRequest } from './reservation-request'

export type CardReservation =
  | { readonly ok: true; readonly created: boolean; readonly reservationNumber: string; readonly depositPence: number; readonly paymentUrl: string; readonly cookie: string }
  | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string }

/** The cookie that lets this browser manage its reservation for 30 days. */
function reservationCookie(reservationId: number, secure: boolean): string {
  return `${RESERVATION_COOKIE}=${manageToken(reservationId)}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export async function reserveByCard(payload: Payload, input: ReserveRequest, who: { readonly customerId: number | null; readonly secureCookie: boolean; readonly network?: string | null }): Promise<CardReservation> {
  const result = await placeReservation(payload, { reservationKey: input.reservationKey, productId: input.productId, variantId: input.variantId ?? null, contact: input.contact, customerId: who.customerId, network: who.network ?? null })
  if (!result.ok) return result

  const reservation = await payload.findByID({ collection: 'reservations', id: result.reservationId, depth: 0, overrideAccess: true })
  const provider = paymentProvider(payload)
  let paymentUrl: string
  try {
    paymentUrl = await depositPaymentUrl(payload, reservation, provider)
  } catch (error) {
    payload.logger.error({ err: error, reservation: reservation.reservationNumber }, 'could not start the deposit payment')
    if (result.created) await markDepositFailed(payload, { orderNumber: reservation.reservationNumber, reference: reservation.payment?.reference ?? '', amountPence: reservation.depositPence, provider: provider.name, failureMessage: 'The payment service could not be reached.' })
    return { ok: false, status: 502, code: 'payment_unavailable', message: 'We could not reach the card payment service, so nothing has been charged and the bike is not reserved. Please try again in a minute.' }
  }
  const cookie = reservationCookie(reservation.id, who.secureCookie)
  return { ok: true, created: result.created, reservationNumber: result.reservationNumber, depositPence: result.depositPence, paymentUrl, cookie }
}
