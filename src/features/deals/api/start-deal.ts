// POST /api/deals/started: the finance checkout's details step, or the basket's checkout with a bike, opens the
// customer's deal when they agree to be contacted (route: app/api/deals/started). The answer is the same whether or
// not they already had one.
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { dealStartedRequest } from '../enquiry-request'

export type StartDealRequest = z.input<typeof dealStartedRequest>
export interface StartDealResponse {
  readonly started: true
}

export function startDealCall(body: StartDealRequest) {
  return callApi<StartDealResponse>(paths.api.dealStarted(), { method: 'POST', body })
}
