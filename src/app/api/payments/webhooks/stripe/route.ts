// POST /api/payments/webhooks/stripe: Stripe events, verified with the SDK and STRIPE_WEBHOOK_SECRET.
import { stripeProvider } from '../../../../../features/payments/providers.server'
import { payloadClient } from '../../../../../cms/payload-client.server'
import { jsonError, readBodyText } from '../../../../../features/orders/http.server'
import { handlePaymentWebhook, MAX_WEBHOOK_BYTES } from '../../../../../features/orders/payment-webhook.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const provider = stripeProvider()
  if (!provider) return jsonError(404, 'not_configured', 'Stripe is not configured for this shop.')
  const body = await readBodyText(request, MAX_WEBHOOK_BYTES)
  if (!body.ok) return body.response
  return handlePaymentWebhook(await payloadClient(), provider, body.text, request.headers)
}
