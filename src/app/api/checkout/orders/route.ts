// POST /api/checkout/orders: places a card order from the checkout form and the basket (ids and counts
// only), holds its stock, and answers where the customer pays. A repeated checkoutKey answers the same order.
import { payloadClient } from '../../../../cms/payload-client.server'
import { env } from '../../../../config/env'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { signedInCustomerId } from '../../../../features/account/session.server'
import { CUSTOMER_FIELDS, placeOrderRequest } from '../../../../features/checkout/checkout-form'
import { checkoutByCard } from '../../../../features/orders/card-checkout.server'
import { readJsonRequest } from '../../../../lib/http/json-body'
import { json, refuseBody, refuseOutcome } from '../../../../lib/http/respond'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.checkout)
  if (limited) return limited
  const parsed = await readJsonRequest(request, placeOrderRequest, { knownFields: CUSTOMER_FIELDS })
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  const result = await checkoutByCard(payload, parsed.value, { customerId, secureCookie: env().SITE_URL.startsWith('https:') })
  if (!result.ok) return refuseOutcome(result)
  return json({ orderNumber: result.orderNumber, totalPence: result.totalPence, paymentUrl: result.paymentUrl }, result.created ? 201 : 200, { 'set-cookie': result.cookie })
}
