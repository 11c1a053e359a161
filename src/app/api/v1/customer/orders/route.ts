// Spec §7 call 3: the signed-in customer's orders for a Bearer token (see src/features/account/api/handlers.ts).
import { payloadClient } from '../../../../../cms/payload-client.server'
import { customerOrdersHandler } from '../../../../../features/account/api/handlers'

export const dynamic = 'force-dynamic'

export async function GET(request: Request): Promise<Response> {
  return customerOrdersHandler(await payloadClient(), request)
}
