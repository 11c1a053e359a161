// POST /api/deals/started: the finance checkout's details step, or the basket's checkout with a bike in it, sent only
// when the customer agrees to hear from us: their deal for the bike opens quietly, so a customer who stops before
// applying or paying can get the one reminder (which carries the deal's link). Counted per network and per address
// written to, as "Ask about this bike" is.
import { signedInCustomerId } from '../../../../cms/auth/session.server'
import { limitRequestAndTargets, RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { dealStartedRequest } from '../../../../features/deals/enquiry-request'
import { startDeal } from '../../../../features/deals/enquiry.server'
import type { StartDealResponse } from '../../../../features/deals/api/start-deal'
import { json, refuse } from '../../../../lib/http/respond'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  schema: dealStartedRequest,
  body: { limit: 4 * 1024 },
  handle: async (value, { payload, request }) => {
    const limited = await limitRequestAndTargets(request, RATE_RULES.dealEnquiry, [{ rule: RATE_RULES.dealEnquiryEmail, target: value.contact.email }])
    if (limited) return limited
    const result = await startDeal(payload, value, { customerId: await signedInCustomerId(payload, request.headers) })
    if (!result.ok) return refuse(result.status, 'unknown_product', result.message)
    // The same answer whether the deal was opened now or before: it says nothing of another customer's deals.
    return json({ started: true } satisfies StartDealResponse, 202)
  },
})
