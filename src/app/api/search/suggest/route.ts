// GET /api/search/suggest?q=… (issue 25): products with their price, brands and categories with counts.
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleSuggest } from '../../../../features/search/suggest.server'

export const dynamic = 'force-dynamic'

export async function GET(request: Request): Promise<Response> {
  return handleSuggest(request, await payloadClient())
}
