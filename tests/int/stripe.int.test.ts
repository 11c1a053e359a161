// The Stripe adapter with the real SDK against a local fake Stripe API: payment intents in pence and GBP
// with an idempotency key on every POST, webhooks verified by the SDK, refunds and refusals.
import Stripe from 'stripe'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RefundRefusedError } from '../../src/adapters/payments/payment-provider'
import { createStripeProvider } from '../../src/adapters/payments/stripe.server'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { startFakeStripe } from '../fixtures/fake-stripe'
import { orderInput, simpleProduct, stockOf } from './order-fixtures'
import { testPayload } from './payload'

vi.mock('server-only', () => ({}))

const WEBHOOK_SECRET = 'whsec_int_test_0123456789'
let payload: Payload
let fake: Awaited<ReturnType<typeof startFakeStripe>>
let provider: ReturnType<typeof createStripeProvider>
const email = { name: 'outbox' as const, send: async () => ({ id: '1', location: 'memory' }) }
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload()
  fake = await startFakeStripe()
  provider = createStripeProvider({ secretKey: 'sk_test_fake_0123456789', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url })
}, 300_000)

afterAll(async () => {
  await fake?.close()
  await payload?.destroy()
})

function signed(event: object, secret = WEBHOOK_SECRET) {
  const raw = JSON.stringify(event)
  return { raw, headers: new Headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: raw, secret }) }) }
}

async function stripeOrder(stock = 3) {
  const productId = await simpleProduct(payload, stock, 4999)
  const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
  if (!placed.ok) throw new Error(placed.message)
  const order = await payload.findByID({ collection: 'orders', id: placed.orderId, overrideAccess: true })
  const url = await paymentUrlFor(payload, order, provider)
  const updated = await payload.findByID({ collection: 'orders', id: placed.orderId, overrideAccess: true })
  return { productId, order: updated, url }
}

describe(`Stripe adapter on ${db}`, () => {
  it('creates a GBP payment intent in pence with automatic payment methods, metadata and an idempotency key', async () => {
    const { order, url } = await stripeOrder()
    expect(url).toBe(`/checkout/pay/${order.orderNumber}`)
    const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!
    expect(create.authorization).toBe('Bearer sk_test_fake_0123456789')
    expect(create.idempotencyKey).toBe(`order-${order.orderNumber}-payment`)
    expect(Object.fromEntries(create.form)).toMatchObject({ amount: '4999', currency: 'gbp', 'automatic_payment_methods[enabled]': 'true', 'metadata[orderNumber]': order.orderNumber })
    expect(order.payment).toMatchObject({ provider: 'stripe', reference: expect.stringMatching(/^pi_/) })
    // Starting again for the same order reuses the same intent (same key).
    expect((await provider.startPayment({ orderNumber: order.orderNumber, totalPence: 4999, email: order.email, description: 'x' }, `order-${order.orderNumber}-payment`)).reference).toBe(order.payment?.reference)
    expect(await provider.clientSecret(order.payment!.reference!)).toMatch(/_secret_/)
    expect(fake.requests.filter((r) => r.method === 'POST').every((r) => r.idempotencyKey)).toBe(true)
  })

  it('verifies webhooks with the SDK: a signed success pays the order once; a bad signature is 400', async () => {
    const { order, productId } = await stripeOrder()
    const intent = fake.succeed(order.payment!.reference!)
    const event = { id: `evt_${order.orderNumber}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } }
    const forged = signed(event, 'whsec_wrong')
    const bad = await handlePaymentWebhook(payload, provider, forged.raw, forged.headers, { email })
    expect(bad.status).toBe(400)
    expect((await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true })).status).toBe('awaiting_payment')
    const good = signed(event)
    for (let i = 0; i < 3; i++) expect((await handlePaymentWebhook(payload, provider, good.raw, good.headers, { email })).status).toBe(200)
    const paid = await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true })
    expect(paid).toMatchObject({ status: 'paid', stock: { state: 'committed' }, payment: { provider: 'stripe', reference: intent.id } })
    expect(paid.history?.filter((h) => h.to === 'paid')).toHaveLength(1)
    expect(await stockOf(payload, productId)).toBe(2)
  })

  it('a failed payment event cancels the order and releases its stock', async () => {
    const { order, productId } = await stripeOrder()
    const intent = { ...fake.intents.get(order.payment!.reference!)!, last_payment_error: { message: 'Your card was declined.' } }
    const failed = signed({ id: `evt_fail_${order.orderNumber}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: intent } })
    expect((await handlePaymentWebhook(payload, provider, failed.raw, failed.headers, { email })).status).toBe(200)
    expect(await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true })).toMatchObject({ status: 'cancelled', payment: { failureMessage: 'Your card was declined.' } })
    expect(await stockOf(payload, productId)).toBe(3)
  })

  it('refunds with an idempotency key, and reports a refusal as RefundRefusedError', async () => {
    const { order } = await stripeOrder()
    fake.succeed(order.payment!.reference!)
    const refund = await provider.refund(order.payment!.reference!, 4999, `staff-refund-${order.orderNumber}`)
    expect(refund.id).toMatch(/^re_/)
    const again = await provider.refund(order.payment!.reference!, 4999, `staff-refund-${order.orderNumber}`)
    expect(again.id).toBe(refund.id)
    expect(fake.refunded.get(order.payment!.reference!)).toBe(4999)
    await expect(provider.refund(order.payment!.reference!, 1, 'another-key')).rejects.toBeInstanceOf(RefundRefusedError)
  })
})
