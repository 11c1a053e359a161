// POST /api/v1/ivendi-payments/order and /order-reference (spec §7 calls 5-6): basic auth, strict bodies, then the finance order rules.
import type { Payload } from 'payload'
import { describeIssues } from '../../basket/basket-request'
import { createFinanceOrder, financeOrderRequest, orderReferenceRequest, recordOrderReference, type PlaceOrderFn } from './finance-order'
import { json, readJsonBody } from './http'
import { refuseUnlessService } from './service-auth'

export async function handleFinanceOrder(request: Request, payload: Payload, deps: { placeOrder: PlaceOrderFn; credentials?: { username: string; password: string } }): Promise<Response> {
  const refused = refuseUnlessService(request, deps.credentials)
  if (refused) return refused
  const body = await readJsonBody(request)
  if (!body.ok) return json({ error: body.message }, body.status)
  const parsed = financeOrderRequest.safeParse(body.value)
  if (!parsed.success) return json({ error: 'The order request is not valid.', problems: describeIssues(parsed.error) }, 400)
  const outcome = await createFinanceOrder(payload, parsed.data, { placeOrder: deps.placeOrder })
  if (!outcome.ok) return json({ error: outcome.message, problems: outcome.problems ?? [] }, outcome.status)
  return json({ orderId: outcome.orderId }, outcome.created ? 201 : 200)
}

export async function handleOrderReference(request: Request, payload: Payload, deps: { credentials?: { username: string; password: string } } = {}): Promise<Response> {
  const refused = refuseUnlessService(request, deps.credentials)
  if (refused) return refused
  const body = await readJsonBody(request)
  if (!body.ok) return json({ error: body.message }, body.status)
  const parsed = orderReferenceRequest.safeParse(body.value)
  if (!parsed.success) return json({ error: 'The order reference is not valid.', problems: describeIssues(parsed.error) }, 400)
  const outcome = await recordOrderReference(payload, parsed.data)
  if (!outcome.ok) return json({ error: outcome.message }, outcome.status)
  return json({ orderId: outcome.orderId, references: outcome.references }, 201)
}
