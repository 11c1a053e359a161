// POST /api/payments/webhooks/test-gateway: signed results from the built-in test card gateway.
import { testGateway } from '../../../../../features/payments/providers.server'
import { payloadClient } from '../../../../../cms/payload-client.server'
import { readTextBody } from '../../../../../lib/http/json-body'
import { refuseBody } from '../../../../../lib/http/respond'
import { handlePaymentWebhook, MAX_WEBHOOK_BYTES } from '../../../../../features/orders/payment-webhook.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const body = await readTextBody(request, MAX_WEBHOOK_BYTES)
  if (!body.ok) return refuseBody(body.refusal)
  const payload = await payloadClient()
  return handlePaymentWebhook(payload, testGateway(payload).provider, body.value, request.headers)
}
