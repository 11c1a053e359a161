// The Stripe adapter with the real SDK against the local fake Stripe API (tests/fixtures/fake-stripe.ts), for the
// integration tests of card and Klarna payments through Stripe: no network, Stripe's documented shapes.
import Stripe from 'stripe'
import { createStripeProvider } from '../../src/adapters/payments/stripe.server'
import { startFakeStripe } from '../fixtures/fake-stripe'
import { withTestPayload } from './payload'

/** The fake Stripe API and the provider talking to it, once withFakeStripe's hook has run: live bindings, read them in tests. */
export let fake: Awaited<ReturnType<typeof startFakeStripe>>
export let provider: ReturnType<typeof createStripeProvider>

/** Registers the file's Payload (./payload.ts), then a fake Stripe API and a provider for it that checks webhooks against `webhookSecret`. */
export function withFakeStripe(webhookSecret: string): void {
  withTestPayload(
    async () => {
      fake = await startFakeStripe()
      provider = createStripeProvider({ secretKey: 'sk_test_fake_0123456789', webhookSecret, apiBase: fake.url })
    },
    300_000,
    async () => {
      await fake?.close()
    },
  )
}

/** A webhook's raw body and headers for `event`, signed with `secret` as Stripe signs them. */
export function signedStripeEvent(event: object, secret: string): { raw: string; headers: Headers } {
  const raw = JSON.stringify(event)
  return { raw, headers: new Headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: raw, secret }) }) }
}
