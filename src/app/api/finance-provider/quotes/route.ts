// POST /api/finance-provider/quotes: the built-in finance quote provider (iVendi Quoteware protocol, its own error envelope); a static route, so it wins over Payload's /api/[...slug].
import { handleProviderQuotes } from '../../../../features/finance/api/provider-quotes'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.financeQuote,
  handle: (_input, { payload, request }) => handleProviderQuotes(request, payload),
})
