// POST /api/checkout/orders: places a card order from the checkout form and the basket (ids and counts
// only), holds its stock, and answers where the customer pays. A repeated checkoutKey answers the same order.
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { CUSTOMER_FIELDS, placeOrderRequest } from '../../../../features/checkout/checkout-form'
import { checkoutByCard } from '../../../../features/orders/card-checkout.server'
import { json, refuseOutcome } from '../../../../lib/http/respond'
import type { PlaceCardOrderResponse } from '../../../../features/checkout/api/place-card-order'
import { customerOf, endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.checkout,
  schema: placeOrderRequest,
  body: { knownFields: CUSTOMER_FIELDS },
  handle: async (input, caller) => {
    const result = await checkoutByCard(caller.payload, input, await customerOf(caller))
    if (!result.ok) return refuseOutcome(result)
    return json({ orderNumber: result.orderNumber, totalPence: result.totalPence, paymentUrl: result.paymentUrl } satisfies PlaceCardOrderResponse, result.created ? 201 : 200, { 'set-cookie': result.cookie })
  },
})
