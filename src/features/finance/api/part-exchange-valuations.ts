// POST /api/finance/part-exchange: "Value my bike". Registration, mileage, condition and any outstanding finance in;
// a trade-in range and the id of the stored valuation out, to apply to a finance quote. A make left out is asked of
// DVLA by the registration (counted against the network's vehicle-lookup limit, which staff lookups share).
import type { Payload } from 'payload'
import { valuationRequest, valueBike, type ValuationOptions } from '../part-exchange'
import { jsonEndpoint } from '../../../lib/http/endpoint'
import { json, refuseOutcome } from '../../../lib/http/respond'
import type { ValuePartExchangeResponse } from './value-part-exchange'

export const handlePartExchangeValuation = jsonEndpoint({
  schema: valuationRequest,
  body: { limit: 4 * 1024 },
  handle: async (value, _request, payload: Payload, deps: ValuationOptions = {}) => {
    const outcome = await valueBike(payload, value, deps)
    if (!outcome.ok) return refuseOutcome(outcome)
    return json(outcome.valuation satisfies ValuePartExchangeResponse, 201)
  },
})
