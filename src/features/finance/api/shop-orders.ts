// POST /api/finance/orders: the storefront placing a finance application for the signed-in or guest customer.
// It runs spec §7 calls 5 and 6 on the server, in-process, with the same rules as the basic-auth HTTP endpoints
// (createFinanceOrder, recordOrderReference), so no service credential ever reaches a browser.
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { describeIssues } from '../../basket/basket-request'
import { createFinanceOrder, financeOrderRequest, recordOrderReference, type PlaceOrderFn } from './finance-order'
import type { ReservationForFinanceFn } from '../../reservations/reservation-finance.server'
import { json, readJsonBody } from './http'

export const STOREFRONT_SYSTEM_NAME = 'Wheelhouse storefront'

/** Call 5's body, plus the storefront's own optional reservation link token (a reserved bike's application). */
export const shopFinanceOrderRequest = financeOrderRequest.extend({ reservationToken: z.string().min(1).max(300).optional() }).strict()

export async function handleShopFinanceOrder(request: Request, payload: Payload, deps: { placeOrder: PlaceOrderFn; reservationForFinance?: ReservationForFinanceFn }): Promise<Response> {
  const body = await readJsonBody(request, 16 * 1024)
  if (!body.ok) return json({ error: body.message }, body.status)
  const parsed = shopFinanceOrderRequest.safeParse(body.value)
  if (!parsed.success) return json({ error: 'Some details need correcting.', problems: describeIssues(parsed.error) }, 400)

  // A reserved bike: the reservation's held unit moves to the application, and its deposit is part of the
  // deposit on the agreement (placeOrder checks the recorded quote includes it).
  let reservation: { id: number } | undefined
  if (parsed.data.reservationToken) {
    if (!deps.reservationForFinance) return json({ error: 'Finance for a reserved bike is not available here. Please call us.' }, 422)
    const found = await deps.reservationForFinance(payload, parsed.data.reservationToken, { productId: parsed.data.productId, variantId: parsed.data.variantId })
    if (!found.ok) return json({ error: found.message, problems: [] }, found.status)
    reservation = { id: found.reservationId }
  }

  let customerId: number | null = null
  try {
    const { user } = await payload.auth({ headers: request.headers })
    if (user && user.collection === 'users' && typeof user.id === 'number') customerId = user.id
  } catch {
    customerId = null
  }

  const { reservationToken: _token, ...order } = parsed.data
  const outcome = await createFinanceOrder(payload, order, { placeOrder: deps.placeOrder, customerId, reservation })
  if (!outcome.ok) return json({ error: outcome.message, problems: outcome.problems ?? [] }, outcome.status)

  // Spec §7 call 6: after the order, when accessories are financed with it, record them against it.
  const quote = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: parsed.data.quoteId } }, limit: 1, depth: 0, overrideAccess: true })
  const items = z.array(z.object({ productId: z.number(), variantId: z.number().nullable() })).catch([]).parse(quote.docs[0]?.accessories)
  if (items.length > 0) {
    const order = await payload.findByID({ collection: 'orders', id: outcome.orderId, depth: 0, overrideAccess: true })
    const reference = await recordOrderReference(payload, { email: order.email, phone: order.phone, externalSystemName: STOREFRONT_SYSTEM_NAME, externalOrderId: String(outcome.orderId), items })
    if (!reference.ok) payload.logger.error({ msg: 'finance order reference failed', orderId: outcome.orderId, error: reference.message })
  }
  return json({ orderId: outcome.orderId, orderNumber: outcome.orderNumber }, outcome.created ? 201 : 200)
}
