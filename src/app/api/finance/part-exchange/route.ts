// The storefront's "Value my bike" call; see features/finance/api/part-exchange-valuations.ts.
import { payloadClient } from '../../../../cms/payload-client.server'
import { handlePartExchangeValuation } from '../../../../features/finance/api/part-exchange-valuations'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.partExchangeValuation)
  if (limited) return limited
  return handlePartExchangeValuation(request, await payloadClient())
}
