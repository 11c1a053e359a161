// POST /api/used-bikes/lookup: the admin's registration lookup for staff stocking a used bike
// (features/used-bikes/registration-lookup.server.ts).
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { lookupRequest, lookUpRegistration, staffOnlyLookup } from '../../../../features/used-bikes/registration-lookup.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.vehicleLookup,
  before: ({ payload, request }) => staffOnlyLookup(payload, request),
  schema: lookupRequest,
  handle: ({ registration }, { payload }) => lookUpRegistration(payload, registration),
})
