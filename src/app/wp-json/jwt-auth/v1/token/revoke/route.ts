// Spec §7: the original client's jwt-auth contract (see src/features/account/api/handlers.ts).
import { payloadClient } from '../../../../../../cms/payload-client.server'
import { revokeTokenHandler } from '../../../../../../features/account/api/handlers'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return revokeTokenHandler(await payloadClient(), request)
}
