// POST /api/finance/part-exchange: "Value my bike". Registration, mileage, condition and any outstanding finance in;
// a trade-in range and the id of the stored valuation out, to apply to a finance quote.
import type { Payload } from 'payload'
import { valuationRequest, valueBike } from '../part-exchange'
import type { ValuationSource } from '../../../adapters/valuation/valuation-source'
import { jsonEndpoint } from '../../../lib/http/endpoint'
import { json, refuseOutcome } from '../../../lib/http/respond'
import type { ValuePartExchangeResponse } from './value-part-exchange'

export const handlePartExchangeValuation = jsonEndpoint({
  schema: valuationRequest,
  body: { limit: 4 * 1024 },
  handle: async (value, _request, payload: Payload, deps: { readonly source?: ValuationSource; readonly now?: Date } = {}) => {
    const outcome = await valueBike(payload, value, deps)
    if (!outcome.ok) return refuseOutcome(outcome)
    return json(outcome.valuation satisfies ValuePartExchangeResponse, 201)
  },
})
