// POST /api/v1/ivendi-payments/order (spec §7 call 5): basic auth with the finance service credentials → {orderId}.
import { payloadClient } from '../../../../../cms/payload-client.server'
import { handleFinanceOrder } from '../../../../../features/finance/api/order-handlers'
import { placeOrder } from '../../../../../features/orders/place-order.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleFinanceOrder(request, await payloadClient(), { placeOrder })
}
