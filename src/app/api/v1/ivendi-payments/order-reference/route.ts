// POST /api/v1/ivendi-payments/order-reference (spec §7 call 6): basic auth with the finance service credentials.
import { payloadClient } from '../../../../../cms/payload-client.server'
import { handleOrderReference } from '../../../../../features/finance/api/order-handlers'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleOrderReference(request, await payloadClient())
}
