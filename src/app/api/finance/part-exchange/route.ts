// POST /api/finance/part-exchange: the storefront's "Value my bike" call; see features/finance/api/part-exchange-valuations.ts.
import { handlePartExchangeValuation } from '../../../../features/finance/api/part-exchange-valuations'
import { RATE_RULES, rateDecision } from '../../../../features/abuse/rate-limit.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.partExchangeValuation,
  // a make left out is asked of DVLA: one lookup on the dealer's key, counted with staff's lookups per network
  handle: (_input, { payload, request }) => handlePartExchangeValuation(request, payload, { mayLookUpVehicle: async () => (await rateDecision(request.headers, RATE_RULES.vehicleLookup)).ok }),
})
