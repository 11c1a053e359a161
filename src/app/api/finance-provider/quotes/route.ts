// The built-in finance quote provider (iVendi Quoteware protocol); a static route, so it wins over Payload's /api/[...slug].
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleProviderQuotes } from '../../../../features/finance/api/provider-quotes'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.financeQuote)
  if (limited) return limited
  return handleProviderQuotes(request, await payloadClient())
}
