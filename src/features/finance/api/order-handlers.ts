// POST /api/v1/ivendi-payments/order and /order-reference (spec §7 calls 5-6): basic auth, strict bodies, then the finance order rules.
import type { Payload } from 'payload'
import { createFinanceOrder, financeOrderRequest, orderReferenceRequest, recordOrderReference, type PlaceOrderFn } from './finance-order'
import { jsonEndpoint } from '../../../lib/http/endpoint'
import type { z } from '../../../lib/zod'
import { codeForStatus, json, refuse } from '../../../lib/http/respond'
import { refuseUnlessService } from './service-auth'

type ServiceCredentials = { username: string; password: string }

export const handleFinanceOrder = jsonEndpoint<z.output<typeof financeOrderRequest>, [payload: Payload, deps: { placeOrder: PlaceOrderFn; credentials?: ServiceCredentials }]>({
  before: (request, _payload, deps) => refuseUnlessService(request, deps.credentials),
  schema: financeOrderRequest,
  handle: async (value, _request, payload, deps) => {
    const outcome = await createFinanceOrder(payload, value, { placeOrder: deps.placeOrder })
    if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message, { issues: outcome.problems ?? [] })
    return json({ orderId: outcome.orderId }, outcome.created ? 201 : 200)
  },
})

export const handleOrderReference = jsonEndpoint<z.output<typeof orderReferenceRequest>, [payload: Payload, deps?: { credentials?: ServiceCredentials }]>({
  before: (request, _payload, deps) => refuseUnlessService(request, deps?.credentials),
  schema: orderReferenceRequest,
  handle: async (value, _request, payload) => {
    const outcome = await recordOrderReference(payload, value)
    if (!outcome.ok) return refuse(outcome.status, codeForStatus(outcome.status), outcome.message)
    return json({ orderId: outcome.orderId, references: outcome.references }, 201)
  },
})
