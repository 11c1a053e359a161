// A customer cancels lines of their order, or reports a fault on one: signed in as the order's owner, or as a guest
// giving the email address the order was placed with (what the order lookup asks). Anyone else, and an order that
// does not exist, get the same 404: the answer never tells whether an order exists.
import 'server-only'
import type { Payload } from 'payload'
import type { Order } from '../../payload-types'
import { cancelLines, type Actor, type Outcome } from './returns.server'
import type { CancelLinesRequest, CustomerExchangeRequest, CustomerFaultRequest } from './return-request-schema'
import { requestExchange } from './exchanges.server'
import { recordFaultClaim } from './fault-claims.server'
import type { RefundDeps } from './refunds.server'

export const ORDER_NOT_FOUND = 'We could not find an order with that number for you. Check the number and the email address on your order confirmation.'

/** The order if this customer (signed in) or guest (by email) may act on it, else null. */
export async function orderForCustomer(payload: Payload, orderNumber: string, who: { customerId: number | null; email?: string | null }): Promise<Order | null> {
  const found = await payload.find({ collection: 'orders', where: { orderNumber: { equals: orderNumber } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  const order = found.docs[0]
  if (!order) return null
  const owner = typeof order.customer === 'object' ? order.customer?.id : order.customer
  if (who.customerId != null && owner === who.customerId) return order
  // A guest order, or one a signed-in customer placed while signed out, proven by its email address.
  if (who.email && order.email.trim().toLowerCase() === who.email.trim().toLowerCase() && (owner == null || owner === who.customerId)) return order
  return null
}

/** Who acts, as the return's history says it: the signed-in customer, or a guest proven by the order's email. */
const customerActor = (customerId: number | null): Actor => (customerId != null ? { by: customerId, actor: 'customer' } : { actor: 'customer (guest)' })

export async function customerCancel(payload: Payload, body: CancelLinesRequest, customerId: number | null, deps: RefundDeps = {}): ReturnType<typeof cancelLines> {
  const order = await orderForCustomer(payload, body.orderNumber, { customerId, email: body.email })
  if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND } satisfies Outcome
  return cancelLines(payload, order, { lines: body.lines, reason: body.reason, returnMethod: body.returnMethod }, customerActor(customerId), deps)
}

/** The customer's own fault report: the remedy that applies from the day of delivery, recorded as a return staff follow up. */
export async function customerFault(payload: Payload, body: CustomerFaultRequest, customerId: number | null, deps: RefundDeps = {}): ReturnType<typeof recordFaultClaim> {
  const order = await orderForCustomer(payload, body.orderNumber, { customerId, email: body.email })
  if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND } satisfies Outcome
  return recordFaultClaim(payload, order, { lineId: body.lineId, count: body.count, description: body.description }, customerActor(customerId), deps)
}

/** The customer's own exchange of one unit of an item for another size or colour (the replacement is its own order). */
export async function customerExchange(payload: Payload, body: CustomerExchangeRequest, customerId: number | null, deps: RefundDeps = {}): ReturnType<typeof requestExchange> {
  const order = await orderForCustomer(payload, body.orderNumber, { customerId, email: body.email })
  if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND } satisfies Outcome
  return requestExchange(payload, order, { lineId: body.lineId, toVariantId: body.toVariantId, reason: body.reason, returnMethod: body.returnMethod }, customerActor(customerId), deps)
}
