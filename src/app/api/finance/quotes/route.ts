// The storefront's finance quote call (ids and terms in, quotes out); see features/finance/api/shop-quotes.ts.
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleShopQuotes } from '../../../../features/finance/api/shop-quotes'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleShopQuotes(request, await payloadClient())
}
