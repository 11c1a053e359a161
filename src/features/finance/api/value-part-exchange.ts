// POST /api/finance/part-exchange: "Value my bike" (route: app/api/finance/part-exchange; server: ./part-exchange-valuations.ts).
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { IssuedValuation, ValuationRequestInput } from '../part-exchange'

export type ValuePartExchangeRequest = ValuationRequestInput
export type ValuePartExchangeResponse = IssuedValuation

export function valuePartExchange(body: ValuePartExchangeRequest) {
  return callApi<ValuePartExchangeResponse>(paths.api.partExchange(), { method: 'POST', body })
}
