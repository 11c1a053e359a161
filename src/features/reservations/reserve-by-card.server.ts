// A reservation from the storefront: places it (holding the bike's one unit), starts the deposit payment and
// gives the browser its reservation cookie. A repeated reservationKey answers the same reservation; a payment
// service that cannot be reached fails the new reservation at once so the bike goes back on sale.
import 'server-only'
import type { Payload } from 'payload'
import { paymentProvider } from '../payments/providers.server'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { answerOfHalt, createStep, Halt, runFlow } from '../../lib/steps'
import type { Reservation } from '../../payload-types'
import { depositPaymentUrl, placeReservation, type PlaceReservationResult } from './place-reservation.server'
import { manageToken, RESERVATION_COOKIE } from './reservation-email.server'
import { markDepositFailed } from './reservation-lifecycle.server'
import type { ReserveRequest } from './reservation-request'
import { fileValuationWithReservation } from './reservation-part-exchange.server'

export type CardReservation =
  | { readonly ok: true; readonly created: boolean; readonly reservationNumber: string; readonly depositPence: number; readonly paymentUrl: string; readonly cookie: string }
  | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string }

/** The cookie that lets this browser manage its reservation for 30 days. */
async function reservationCookie(reservationId: number, secure: boolean): Promise<string> {
  return `${RESERVATION_COOKIE}=${await manageToken(reservationId)}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

interface Context {
  readonly payload: Payload
  readonly provider: PaymentProvider
}

type Placed = Extract<PlaceReservationResult, { ok: true }> & { readonly reservation: Reservation }

/** The reservation, holding its bike. Undone when no payment can start: a new one's deposit fails, the bike goes back on sale. */
const placeStep = createStep(
  'place the reservation',
  async ({ input, who }: { input: ReserveRequest; who: Who }, { payload }: Context): Promise<Placed> => {
    const result = await placeReservation(payload, { reservationKey: input.reservationKey, productId: input.productId, variantId: input.variantId ?? null, contact: input.contact, customerId: who.customerId, network: who.network ?? null })
    if (!result.ok) throw new Halt(result)
    return { ...result, reservation: await payload.findByID({ collection: 'reservations', id: result.reservationId, depth: 0, overrideAccess: true }) }
  },
  async ({ created, reservation }, _input, { payload, provider }) => {
    if (created) await markDepositFailed(payload, { orderNumber: reservation.reservationNumber, reference: reservation.payment?.reference ?? '', amountPence: reservation.depositPence, provider: provider.name, failureMessage: 'The payment service could not be reached.' })
  },
)

/** Where the customer pays the deposit, from the shop's payment provider. */
const startPaymentStep = createStep('start the deposit payment', async (reservation: Reservation, { payload, provider }: Context): Promise<string> => {
  try {
    return await depositPaymentUrl(payload, reservation, provider)
  } catch (error) {
    payload.logger.error({ err: error, reservation: reservation.reservationNumber }, 'could not start the deposit payment')
    throw new Halt<CardReservation>({ ok: false, status: 502, code: 'payment_unavailable', message: 'We could not reach the card payment service, so nothing has been charged and the bike is not reserved. Please try again in a minute.' })
  }
})

interface Who {
  readonly customerId: number | null
  readonly secureCookie: boolean
  readonly network?: string | null
}

/** The customer's part-exchange, filed once the reservation stands; a failure here never costs them the bike. */
async function filePartExchange(payload: Payload, reservationId: number, valuationId: string): Promise<void> {
  try {
    await fileValuationWithReservation(payload, reservationId, valuationId)
  } catch (error) {
    payload.logger.error({ err: error, reservationId }, 'could not file the part-exchange valuation with the reservation')
  }
}

export async function reserveByCard(payload: Payload, input: ReserveRequest, who: Who): Promise<CardReservation> {
  const context: Context = { payload, provider: paymentProvider(payload) }
  try {
    const onCompensationFailed = (error: unknown) => payload.logger.error({ err: error }, 'could not give back a reservation whose deposit payment never started')
    return await runFlow(context, { compensate: true, onCompensationFailed }, async (run) => {
      const placed = await run(placeStep, { input, who })
      const paymentUrl = await run(startPaymentStep, placed.reservation)
      if (input.valuationId) await filePartExchange(payload, placed.reservationId, input.valuationId)
      const cookie = await reservationCookie(placed.reservationId, who.secureCookie)
      return { ok: true, created: placed.created, reservationNumber: placed.reservationNumber, depositPence: placed.depositPence, paymentUrl, cookie }
    })
  } catch (error) {
    return answerOfHalt<CardReservation>(error)
  }
}
