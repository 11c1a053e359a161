// POST /api/payments/webhooks/stripe: Stripe events, verified with the SDK and STRIPE_WEBHOOK_SECRET.
import { stripeProvider } from '../../../../../features/payments/providers.server'
import { readTextBody } from '../../../../../lib/http/json-body'
import { refuse, refuseBody } from '../../../../../lib/http/respond'
import { handlePaymentWebhook, MAX_WEBHOOK_BYTES } from '../../../../../features/orders/payment-webhook.server'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: async (_body, { payload, request }) => {
    const provider = stripeProvider()
    if (!provider) return refuse(404, 'not_configured', 'Stripe is not configured for this shop.')
    const body = await readTextBody(request, MAX_WEBHOOK_BYTES)
    if (!body.ok) return refuseBody(body.refusal)
    return handlePaymentWebhook(payload, provider, body.value, request.headers)
  },
})
