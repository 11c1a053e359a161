// POST /api/finance/orders: the storefront placing a finance application for the signed-in or guest customer.
// It runs spec §7 calls 5 and 6 on the server, in-process, with the same rules as the basic-auth HTTP endpoints
// (createFinanceOrder, recordOrderReference), so no service credential ever reaches a browser.
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { describeIssues } from '../../checkout/basket-request'
import { createFinanceOrder, financeOrderRequest, recordOrderReference, type PlaceOrderFn } from './finance-order'
import { json, readJsonBody } from './http'

export const STOREFRONT_SYSTEM_NAME = 'Wheelhouse storefront'

export async function handleShopFinanceOrder(request: Request, payload: Payload, deps: { placeOrder: PlaceOrderFn }): Promise<Response> {
  const body = await readJsonBody(request, 16 * 1024)
  if (!body.ok) return json({ error: body.message }, body.status)
  const parsed = financeOrderRequest.safeParse(body.value)
  if (!parsed.success) return json({ error: 'Some details need correcting.', problems: describeIssues(parsed.error) }, 400)

  let customerId: number | null = null
  try {
    const { user } = await payload.auth({ headers: request.headers })
    if (user && user.collection === 'users' && typeof user.id === 'number') customerId = user.id
  } catch {
    customerId = null
  }

  const outcome = await createFinanceOrder(payload, parsed.data, { placeOrder: deps.placeOrder, customerId })
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
