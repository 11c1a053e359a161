// POST /api/v1/ivendi-payments/order (spec §7 call 5): basic auth with the finance service credentials → {orderId}.
import { handleFinanceOrder } from '../../../../../features/finance/api/order-handlers'
import { placeOrder } from '../../../../../features/orders/place-order.server'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: (_input, { payload, request }) => handleFinanceOrder(request, payload, { placeOrder }),
})
