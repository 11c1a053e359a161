// POST /api/finance/part-exchange: "Value my bike". Registration, mileage, condition and any outstanding finance in;
// a trade-in range and the id of the stored valuation out, to apply to a finance quote.
import type { Payload } from 'payload'
import { valuationRequest, valueBike } from '../part-exchange'
import type { ValuationSource } from '../../../adapters/valuation/valuation-source'
import { readJsonRequest } from '../../../lib/http/json-body'
import { json, refuseBody, refuseOutcome } from '../../../lib/http/respond'

export async function handlePartExchangeValuation(request: Request, payload: Payload, deps: { readonly source?: ValuationSource; readonly now?: Date } = {}): Promise<Response> {
  const body = await readJsonRequest(request, valuationRequest, { limit: 4 * 1024 })
  if (!body.ok) return refuseBody(body.refusal)
  const outcome = await valueBike(payload, body.value, deps)
  if (!outcome.ok) return refuseOutcome(outcome)
  return json(outcome.valuation, 201)
}
