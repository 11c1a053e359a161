// POST /api/v1/customer/faults: a customer reports a fault on an item of a delivered order. The answer (and an
// email) says which right applies from the day of delivery: reject for a refund within 30 days, repair or
// replacement first after that. Signed in as the order's owner, or as a guest with the order's email address;
// anyone else gets 404. Counted with the cancellations (one rule for what opens a return).
import { RATE_RULES } from '../../../../../features/abuse/rate-limit.server'
import { customerFault } from '../../../../../features/returns/customer-cancel.server'
import { customerFaultRequest } from '../../../../../features/returns/return-request-schema'
import { json, refuse } from '../../../../../lib/http/respond'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.returns,
  schema: customerFaultRequest,
  wrongShape: () => refuse(400, 'invalid_request', 'Send the order number, the item (lineId and count) and what is wrong with it.'),
  handle: async (body, { payload, customerId }) => {
    const result = await customerFault(payload, body, await customerId())
    if (!result.ok) return refuse(result.status, result.status === 404 ? 'not_found' : result.status === 400 ? 'invalid_request' : 'not_reportable', result.message)
    return json({ returnNumber: result.returnNumber, remedy: result.remedy.remedy, explanation: result.explanation }, 201)
  },
})
