// POST /api/v1/ivendi-payments/order and /order-reference (spec §7 calls 5-6): basic auth, strict bodies, then the finance order rules.
import type { Payload } from 'payload'
import { createFinanceOrder, financeOrderRequest, orderReferenceRequest, recordOrderReference, type PlaceOrderFn } from './finance-order'
import { readJsonBody, validate } from '../../../lib/http/json-body'
import { codeForStatus, json, refuse, refuseBody } from '../../../lib/http/respond'
import { refuseUnlessService } from './service-auth'

export async function handleFinanceOrder(request: Request, payload: Payload, deps: { placeOrder: PlaceOrderFn; credentials?: { username: string; password: string } }): Promise<Response> {
  const refused = refuseUnlessService(request, deps.credentials)
  if (refused) return refused
  const body = await readJsonBody(request)
  if (!body.ok) return refuseBody(body.refusal)
  const parsed = validate(financeOrderRequest, body.value)
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const outcome = await createFinanceOrder(payload, parsed.value, { placeOrder: deps.placeOrder })
  if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message, { issues: outcome.problems ?? [] })
  return json({ orderId: outcome.orderId }, outcome.created ? 201 : 200)
}

export async function handleOrderReference(request: Request, payload: Payload, deps: { credentials?: { username: string; password: string } } = {}): Promise<Response> {
  const refused = refuseUnlessService(request, deps.credentials)
  if (refused) return refused
  const body = await readJsonBody(request)
  if (!body.ok) return refuseBody(body.refusal)
  const parsed = validate(orderReferenceRequest, body.value)
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const outcome = await recordOrderReference(payload, parsed.value)
  if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message)
  return json({ orderId: outcome.orderId, references: outcome.references }, 201)
}
