// POST /api/checkout/orders: a card order from the checkout form and the basket's ids and counts, answered with
// where to pay (route: app/api/checkout/orders). 201 a new order, 200 the same order for a repeated checkoutKey.
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { placeOrderRequest } from '../checkout-form'

export type PlaceCardOrderRequest = z.input<typeof placeOrderRequest>
export interface PlaceCardOrderResponse {
  readonly orderNumber: string
  readonly totalPence: number
  readonly paymentUrl: string
}

export function placeCardOrder(body: PlaceCardOrderRequest) {
  return callApi<PlaceCardOrderResponse>(paths.api.checkoutOrders(), { method: 'POST', body })
}
