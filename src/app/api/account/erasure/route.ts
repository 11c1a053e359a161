// POST /api/account/erasure { password }: the signed-in customer asks for their data to be erased, confirming with
// their password; the erasure runs as a job (features/data-rights/erase.server.ts).
import { DATA_RIGHTS_RULES, erasureRequest, requestErasureForAccount } from '../../../../features/data-rights/account-requests.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: DATA_RIGHTS_RULES.dataErasure,
  schema: erasureRequest,
  body: { limit: 4 * 1024 },
  handle: async (body, { payload, request, customerId }) => requestErasureForAccount(payload, await customerId(), body, request.headers),
})
