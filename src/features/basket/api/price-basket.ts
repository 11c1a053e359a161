// POST /api/basket/price: the basket's ids and counts in, the catalogue's figures out (route: app/api/basket/price).
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
// Types only: the schema stays on the server (it would put zod in the basket's first load).
import type { basketPricingRequest } from '../basket-request'
import type { BasketPricingResponse } from '../pricing-contract'

export type PriceBasketRequest = z.input<typeof basketPricingRequest>
export type PriceBasketResponse = BasketPricingResponse

export function priceBasket(body: PriceBasketRequest, signal?: AbortSignal) {
  return callApi<PriceBasketResponse>(paths.api.basketPrice(), { method: 'POST', body, signal })
}
