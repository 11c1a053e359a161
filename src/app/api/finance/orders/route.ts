// The storefront placing a finance application (calls 5 and 6 run on the server); see features/finance/api/shop-orders.ts.
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleShopFinanceOrder } from '../../../../features/finance/api/shop-orders'
import { placeOrder } from '../../../../features/orders/place-order.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleShopFinanceOrder(request, await payloadClient(), { placeOrder })
}
