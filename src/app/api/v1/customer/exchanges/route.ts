// POST /api/v1/customer/exchanges: a customer exchanges one unit of an item for another size or colour of the same
// product, within the cancellation period. The replacement is its own order, paid by what the item cost; when it
// costs more, the answer carries the card payment for the difference (and this browser's access to that order).
// Signed in as the order's owner, or as a guest with the order's email address; anyone else gets 404. Counted with
// the cancellations (one rule for what opens a return).
import { RATE_RULES } from '../../../../../features/abuse/rate-limit.server'
import { issueOrderAccess } from '../../../../../features/orders/order-access.server'
import { paymentUrlFor } from '../../../../../features/orders/start-payment.server'
import { paymentProvider } from '../../../../../features/payments/providers.server'
import { customerExchange } from '../../../../../features/returns/customer-cancel.server'
import { customerExchangeRequest } from '../../../../../features/returns/return-request-schema'
import { json, refuse } from '../../../../../lib/http/respond'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.returns,
  schema: customerExchangeRequest,
  wrongShape: () => refuse(400, 'invalid_request', 'Send the order number, the item (lineId), the size or colour wanted instead (toVariantId) and a reason.'),
  handle: async (body, { payload, customerId, secureCookie }) => {
    const result = await customerExchange(payload, body, await customerId())
    if (!result.ok) return refuse(result.status, result.status === 404 ? 'not_found' : result.status === 400 ? 'invalid_request' : 'not_exchangeable', result.message)
    const replacement = result.replacement
    const answer = { returnNumber: result.returnNumber, replacementOrderNumber: replacement?.orderNumber ?? null, toPayPence: result.toPayPence, refundPence: result.refundPence }
    if (!replacement || replacement.status !== 'awaiting_payment') return json({ ...answer, paymentUrl: null }, 201)
    // The difference is paid as any order is; this browser may then see the replacement's payment result.
    const paymentUrl = await paymentUrlFor(payload, replacement, paymentProvider(payload)).catch(() => null)
    return json({ ...answer, paymentUrl }, 201, { 'set-cookie': await issueOrderAccess(payload, replacement, secureCookie) })
  },
})
