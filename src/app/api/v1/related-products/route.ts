// GET /api/v1/related-products?ids=… (spec §7 call 4).
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleRelatedProducts } from '../../../../features/finance/api/related-products'

export const dynamic = 'force-dynamic'

export async function GET(request: Request): Promise<Response> {
  return handleRelatedProducts(request, await payloadClient())
}
