// POST /api/v1/ivendi-payments/order-reference (spec §7 call 6): basic auth with the finance service credentials.
import { handleOrderReference } from '../../../../../features/finance/api/order-handlers'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: (_input, { payload, request }) => handleOrderReference(request, payload),
})
