// GET /api/v1/related-products?ids=… (spec §7 call 4).
import { handleRelatedProducts } from '../../../../features/finance/api/related-products'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  handle: (_input, { payload, request }) => handleRelatedProducts(request, payload),
})
