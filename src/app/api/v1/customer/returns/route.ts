// POST /api/v1/customer/returns: a customer cancels a whole order or chosen lines with a reason. Before dispatch the
// lines are cancelled and refunded at once; after delivery or collection, within 14 days, a return is opened and the
// answer (and an email) says how to send the goods back. Signed in as the order's owner, or as a guest with the
// order's email address; anyone else gets 404.
import { RATE_RULES } from '../../../../../features/abuse/rate-limit.server'
import { customerCancel } from '../../../../../features/returns/customer-cancel.server'
import { cancelLinesRequest } from '../../../../../features/returns/return-request-schema'
import { json, refuse } from '../../../../../lib/http/respond'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.returns,
  schema: cancelLinesRequest,
  wrongShape: () => refuse(400, 'invalid_request', 'Send the order number, the items to cancel (lineId and count) and a reason.'),
  handle: async (body, { payload, customerId }) => {
    const result = await customerCancel(payload, body, await customerId())
    if (!result.ok) return refuse(result.status, result.status === 404 ? 'not_found' : result.status === 400 ? 'invalid_request' : 'not_cancellable', result.message)
    return json({ returnNumber: result.returnNumber, mode: result.mode, refundPence: result.refundPence }, 201)
  },
})
