// GET /api/v1/customer/orders (spec §7 call 3): the signed-in customer's orders for a Bearer token (see src/features/account/api/handlers.ts).
import { customerOrdersHandler } from '../../../../../features/account/api/handlers'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  handle: (_input, { payload, request }) => customerOrdersHandler(request, payload),
})
