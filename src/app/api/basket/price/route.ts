// POST /api/basket/price: the basket priced from the catalogue as it is now (ids and counts in, fresh figures out).
import { refuse, json } from '../../../../lib/http/respond'
import { pricedBasketJson } from '../../../../features/basket/price-response.server'
import { basketPricingRequest } from '../../../../features/basket/basket-request'
import type { PriceBasketResponse } from '../../../../features/basket/api/price-basket'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  schema: basketPricingRequest,
  handle: async ({ lines, couponCode, deliveryMethod }, { payload }) => {
    try {
      const body = await pricedBasketJson(payload, lines, { couponCode, deliveryMethod })
      // An id the shop cannot sell (unknown, withdrawn or without a price) is refused by name, so the browser
      // can drop those lines from its stored basket, tell the customer, and ask again.
      const gone = body.problems.filter((p) => p.kind === 'product_gone').map((p) => p.itemId)
      if (gone.length > 0) {
        return refuse(422, 'unknown_products', `These items cannot be bought online: ${gone.join(', ')}. Remove them and try again.`, { itemIds: gone })
      }
      return json(body satisfies PriceBasketResponse)
    } catch (error) {
      payload.logger.error({ err: error }, 'basket pricing failed')
      return refuse(500, 'pricing_failed', 'We could not price your basket just now. Please try again.')
    }
  },
})

export const GET = endpoint({
  handle: async () => refuse(405, 'method_not_allowed', 'Send the basket with POST.'),
})
