// The payment providers, registered in one list: Stripe when STRIPE_SECRET_KEY is set, else the built-in test gateway.
import 'server-only'
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { namedSecret } from '../../config/secrets.server'
import { enqueueJob, runJobNow } from '../jobs/queue.server'
import { DELIVER_GATEWAY_WEBHOOK } from '../jobs/task-names'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { createStripeProvider } from '../../adapters/payments/stripe.server'
import { execute, withDatabaseLock } from '../../cms/sql.server'
import { createTestGateway, TEST_GATEWAY_WEBHOOK_PATH, type TestGateway } from '../../adapters/payments/test-gateway.server'

/** The built-in gateway posts its webhooks to this very process, whatever public address the shop has. */
/** The payment provider recorded on an order sold in the showroom from a reservation (money taken by the dealer). */
export const SHOWROOM_PROVIDER = 'showroom'
/** The payment recorded on an exchange's replacement paid in full by the returned item's value (ADR 067). */
export const EXCHANGE_PROVIDER = 'exchange credit'

export function testGateway(payload: Payload): TestGateway {
  const { PORT: port, HOST } = env()
  const host = HOST && HOST !== '0.0.0.0' && HOST !== '::' ? HOST : '127.0.0.1'
  return createTestGateway(payload, {
    database: { execute, withDatabaseLock },
    secret: namedSecret('testGatewayWebhookSecret', env().TEST_GATEWAY_WEBHOOK_SECRET),
    webhookUrl: `http://${host}:${port}${TEST_GATEWAY_WEBHOOK_PATH}`,
    outbox: {
      enqueue: (delivery) => enqueueJob(payload, DELIVER_GATEWAY_WEBHOOK, { ...delivery }),
      runNow: (id) => runJobNow(payload, id),
    },
  })
}

export function stripeProvider() {
  const e = env()
  if (!e.STRIPE_SECRET_KEY) return null
  return createStripeProvider({ secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE })
}

/**
 * Every payment provider the shop can use, in order of preference: the first one configured takes new payments,
 * and each is found by its name for the payments it took. A new provider is one row here (and its adapter).
 */
export const PAYMENT_PROVIDERS: readonly { readonly name: PaymentProvider['name']; readonly make: (payload: Payload) => PaymentProvider | null }[] = [
  { name: 'stripe', make: () => stripeProvider() },
  { name: 'test-gateway', make: (payload) => testGateway(payload).provider },
]

export function paymentProvider(payload: Payload): PaymentProvider {
  for (const entry of PAYMENT_PROVIDERS) {
    const provider = entry.make(payload)
    if (provider) return provider
  }
  throw new Error('no payment provider is configured')
}

/** The provider that took an order's payment (staff refunds go back the same way even if the setting changed). */
export function providerNamed(payload: Payload, name: string | null | undefined): PaymentProvider | null {
  return PAYMENT_PROVIDERS.find((entry) => entry.name === name)?.make(payload) ?? null
}
