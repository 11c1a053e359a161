// A card checkout from the storefront: places the order (holding its stock), starts its payment, and gives
// the browser its order-access cookie. A repeated checkoutKey answers the same order with a fresh cookie;
// a payment service that cannot be reached fails the new order at once so its stock goes back on sale.
import 'server-only'
import type { Payload } from 'payload'
import type { PlaceOrderRequest } from '../checkout/checkout-form'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { answerOfHalt, createStep, Halt, runFlow } from '../../lib/steps'
import type { Order } from '../../payload-types'
import { paymentProvider } from '../payments/providers.server'
import { reservationIdFromToken } from '../reservations/reservation-token'
import { issueOrderAccess, newOrderAccessToken, orderAccessCookie } from './order-access.server'
import type { PlaceOrderInput } from './order-contract'
import { markPaymentFailed } from './order-lifecycle.server'
import { placeOrder } from './place-order.server'
import { paymentUrlFor } from './start-payment.server'

export type CardCheckout =
  | { readonly ok: true; readonly created: boolean; readonly orderNumber: string; readonly totalPence: number; readonly paymentUrl: string; readonly cookie: string }
  | { readonly ok: false; readonly status: number; readonly code: string; readonly message: string; readonly [detail: string]: unknown }

export async function checkoutByCard(payload: Payload, input: PlaceOrderRequest, who: { readonly customerId: number | null; readonly secureCookie: boolean; readonly network?: string | null }): Promise<CardCheckout> {
  let reservation: { id: number } | undefined
  if (input.reservationToken) {
    const reservationId = await reservationIdFromToken(input.reservationToken)
    if (reservationId === null) return { ok: false, status: 403, code: 'invalid_reservation_token', message: 'This reservation link is not valid or has expired. Use the link in your reservation email.' }
    reservation = { id: reservationId }
  }

  const access = newOrderAccessToken()
  const context: Context = { payload, provider: paymentProvider(payload) }
  const onCompensationFailed = (error: unknown) => payload.logger.error({ err: error }, 'could not give back an order whose payment never started')
  try {
    return await runFlow(context, { compensate: true, onCompensationFailed }, async (run) => {
      const placed = await run(placeStep, {
        kind: 'card',
        paymentMethod: input.paymentMethod,
        certificate: input.certificate,
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
      const paymentUrl = await run(startPaymentStep, placed.order)
      // A new order already holds this browser's token; a repeated checkout gets a fresh one for its order.
      const cookie = placed.created ? orderAccessCookie(placed.orderNumber, access, who.secureCookie) : await issueOrderAccess(payload, placed.order, who.secureCookie)
      return { ok: true, created: placed.created, orderNumber: placed.orderNumber, totalPence: placed.totalPence, paymentUrl, cookie }
    })
  } catch (error) {
    return answerOfHalt<CardCheckout>(error)
  }
}

interface Context {
  readonly payload: Payload
  readonly provider: PaymentProvider
}

/** The order, holding its stock. Undone when no payment can start: a new order's payment fails, its stock goes back on sale. */
const placeStep = createStep(
  'place the order',
  async (input: PlaceOrderInput, { payload }: Context) => {
    const result = await placeOrder(payload, input)
    if (!result.ok) throw new Halt(result)
    return result
  },
  async ({ created, order }, _input, { payload, provider }) => {
    if (created) await markPaymentFailed(payload, { orderNumber: order.orderNumber, reference: order.payment?.reference ?? '', amountPence: order.totalPence, provider: provider.name, failureMessage: 'The payment service could not be reached.' })
  },
)

/** Where the customer pays, from the shop's payment provider. */
const startPaymentStep = createStep('start the payment', async (order: Order, { payload, provider }: Context): Promise<string> => {
  try {
    return await paymentUrlFor(payload, order, provider)
  } catch (error) {
    payload.logger.error({ err: error, order: order.orderNumber }, 'could not start the card payment')
    throw new Halt<CardCheckout>({ ok: false, status: 502, code: 'payment_unavailable', message: 'We could not reach the card payment service, so nothing has been charged and your basket is unchanged. Please try again in a minute.' })
  }
})
