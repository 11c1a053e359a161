// POST /api/payments/webhooks/test-gateway: signed results from the built-in test card gateway.
import { testGateway } from '../../../../../features/payments/providers.server'
import { readTextBody } from '../../../../../lib/http/json-body'
import { refuseBody } from '../../../../../lib/http/respond'
import { handlePaymentWebhook, MAX_WEBHOOK_BYTES } from '../../../../../features/orders/payment-webhook.server'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: async (_body, { payload, request }) => {
    const body = await readTextBody(request, MAX_WEBHOOK_BYTES)
    if (!body.ok) return refuseBody(body.refusal)
    return handlePaymentWebhook(payload, testGateway(payload).provider, body.value, request.headers)
  },
})
