// POST /api/deals/started: the finance checkout's details step opens the customer's deal when they agree to be
// contacted (route: app/api/deals/started). The answer is the same whether or not they already had one.
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { financeStartedRequest } from '../enquiry-request'

export type StartFinanceDealRequest = z.input<typeof financeStartedRequest>
export interface StartFinanceDealResponse {
  readonly started: true
}

export function startFinanceDealCall(body: StartFinanceDealRequest) {
  return callApi<StartFinanceDealResponse>(paths.api.dealStarted(), { method: 'POST', body })
}
