// POST /api/finance/orders, on the server (the browser's contract: ./place-finance-order.ts): the storefront placing a
// finance application for the signed-in or guest customer.
// It runs spec §7 calls 5 and 6 on the server, in-process, with the same rules as the basic-auth HTTP endpoints
// (createFinanceOrder, recordOrderReference), so no service credential ever reaches a browser.
import 'server-only'
import type { Payload } from 'payload'
import { signedInCustomerId } from '../../../cms/auth/session.server'
import { z } from '../../../lib/zod'
import { createFinanceOrder, recordOrderReference, type PlaceOrderFn } from './finance-order'
import type { ReservationForFinanceFn } from '../../reservations/reservation-finance.server'
import { jsonEndpoint } from '../../../lib/http/endpoint'
import { codeForStatus, json, refuse } from '../../../lib/http/respond'
import { shopFinanceOrderRequest, type PlaceFinanceOrderResponse } from './place-finance-order'
import { joinDealQuietly } from '../../deals/join-deal.server'

export const STOREFRONT_SYSTEM_NAME = 'Wheelhouse storefront'

export const handleShopFinanceOrder = jsonEndpoint({
  schema: shopFinanceOrderRequest,
  body: { limit: 16 * 1024 },
  handle: (value, request, payload: Payload, deps: { placeOrder: PlaceOrderFn; reservationForFinance?: ReservationForFinanceFn }) => shopFinanceOrder(request, payload, value, deps),
})

async function shopFinanceOrder(request: Request, payload: Payload, value: z.output<typeof shopFinanceOrderRequest>, deps: { placeOrder: PlaceOrderFn; reservationForFinance?: ReservationForFinanceFn }): Promise<Response> {
  // A reserved bike: the reservation's held unit moves to the application, and its deposit is part of the
  // deposit on the agreement (placeOrder checks the recorded quote includes it).
  let reservation: { id: number } | undefined
  if (value.reservationToken) {
    if (!deps.reservationForFinance) return refuse(422, codeForStatus(422), 'Finance for a reserved bike is not available here. Please call us.')
    const found = await deps.reservationForFinance(payload, value.reservationToken, { productId: value.productId, variantId: value.variantId })
    if (!found.ok) return refuse(found.status, codeForStatus(found.status), found.message)
    reservation = { id: found.reservationId }
  }

  const customerId = await signedInCustomerId(payload, request.headers)

  const { reservationToken: _token, ...order } = value
  const outcome = await createFinanceOrder(payload, order, { placeOrder: deps.placeOrder, customerId, reservation })
  if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message, { issues: outcome.problems ?? [] })

  // Spec §7 call 6: after the order, when accessories are financed with it, record them against it.
  const quote = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: value.quoteId } }, limit: 1, depth: 0, overrideAccess: true })
  const items = z.array(z.object({ productId: z.number(), variantId: z.number().nullable() })).catch([]).parse(quote.docs[0]?.accessories)
  if (items.length > 0) {
    const order = await payload.findByID({ collection: 'orders', id: outcome.orderId, depth: 0, overrideAccess: true })
    const reference = await recordOrderReference(payload, { email: order.email, phone: order.phone, externalSystemName: STOREFRONT_SYSTEM_NAME, externalOrderId: String(outcome.orderId), items })
    if (!reference.ok) payload.logger.error({ msg: 'finance order reference failed', orderId: outcome.orderId, error: reference.message })
  }
  if (outcome.created) {
    const placed = await payload.findByID({ collection: 'orders', id: outcome.orderId, depth: 0, overrideAccess: true })
    await joinDealQuietly(payload, { step: 'finance_application', reference: placed.orderNumber, firstName: placed.firstName, lastName: placed.lastName, email: placed.email, phone: placed.phone, customerId, productId: value.productId, variantId: value.variantId ?? null, productName: placed.lines[0]?.name ?? 'Bike' })
  }
  // `signedIn` tells the confirmation where the customer can follow the order: their account, or the guest lookup.
  return json({ orderId: outcome.orderId, orderNumber: outcome.orderNumber, signedIn: customerId !== null } satisfies PlaceFinanceOrderResponse, outcome.created ? 201 : 200)
}
