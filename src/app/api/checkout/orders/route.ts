// POST /api/checkout/orders: places a card order from the checkout form and the basket (ids and counts
// only), holds its stock, and answers where the customer pays. A repeated checkoutKey answers the same order.
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { placeOrderRequest } from '../../../../features/checkout/checkout-form'
import { checkoutByCard } from '../../../../features/orders/card-checkout.server'
import type { PlaceCardOrderResponse } from '../../../../features/checkout/api/place-card-order'
import { endpoint } from '../../endpoint'
import { cardHoldRoute } from '../../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(
  cardHoldRoute(RATE_RULES.checkout, placeOrderRequest, checkoutByCard, (placed) => ({ orderNumber: placed.orderNumber, totalPence: placed.totalPence, paymentUrl: placed.paymentUrl }) satisfies PlaceCardOrderResponse),
)
