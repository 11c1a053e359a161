// The built-in test card gateway, its webhooks delivered straight into the shop's handler (the code the route runs)
// instead of over HTTP, for integration tests that pay, fail or refund.
import type { Payload } from 'payload'
import type { EmailMessage, EmailSender } from '../../src/adapters/email/email-sender'
import { createTestGateway, TEST_GATEWAY_WEBHOOK_PATH, type TestGateway } from '../../src/adapters/payments/test-gateway.server'
import { SIGNATURE_HEADER, signPayload } from '../../src/adapters/payments/webhook-signature'
import { execute, withDatabaseLock } from '../../src/cms/sql.server'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { memoryEmail } from './order-fixtures'
import { withTestPayload } from './payload'
import { GATEWAY_SECRET } from './secrets'

/** The gateway's own tables live in the shop's database. */
export const gatewayDatabase = { execute, withDatabaseLock }

export interface GatewayOptions {
  /** Where the shop's emails go (else a memory sender nobody reads). */
  readonly email?: EmailSender
  /** False while the shop is "down": a webhook is answered 503 and the gateway's outbox keeps it. */
  readonly delivering?: () => boolean
}

export function connectedTestGateway(payload: Payload, options: GatewayOptions = {}): TestGateway {
  const email = options.email ?? memoryEmail().email
  const gateway: TestGateway = createTestGateway(payload, {
    database: gatewayDatabase,
    secret: GATEWAY_SECRET,
    webhookUrl: `http://shop.invalid${TEST_GATEWAY_WEBHOOK_PATH}`,
    fetch: (async (_url: string, init: RequestInit) => {
      if (options.delivering && !options.delivering()) return new Response('down', { status: 503 })
      return handlePaymentWebhook(payload, gateway.provider, String(init.body), new Headers(init.headers as Record<string, string>), { email })
    }) as typeof fetch,
  })
  return gateway
}

/** The gateway withConnectedGateway made for this test file: a live binding, so read it inside hooks and tests. */
export let gateway: TestGateway

/**
 * Registers the set-up of a test file that pays through the gateway: its Payload (./payload.ts), then `gateway`
 * connected to it, then `ready`. The shop's emails from webhooks (and from tests that pass `email` on) land in `sent`.
 */
export function withConnectedGateway(ready?: (payload: Payload) => unknown): { sent: EmailMessage[]; email: EmailSender } {
  const kept = memoryEmail()
  withTestPayload(async (payload) => {
    gateway = connectedTestGateway(payload, { email: kept.email })
    await ready?.(payload)
  })
  return kept
}

/** The signature header of a webhook body, as the test gateway signs it now. */
export function gatewaySignature(body: string, secret = GATEWAY_SECRET): Record<string, string> {
  return { [SIGNATURE_HEADER]: signPayload(body, secret, Math.floor(Date.now() / 1000)) }
}

/** What the gateway has refunded of an order's succeeded payments, in pence. */
export async function gatewayRefunded(payload: Payload, orderNumber: string): Promise<number> {
  const { rows } = await execute(payload, null, { sql: `SELECT refunded_pence FROM test_gateway_payments WHERE order_reference = ? AND status = 'succeeded'`, args: [orderNumber] })
  return rows.reduce((sum, r) => sum + Number(r.refunded_pence ?? 0), 0)
}
