// Stripe's Klarna path with the real SDK against the local fake Stripe API (no network), to Stripe's documented
// shapes: a Pay in 3 order asks for a GBP payment intent in pence with payment_method_types [klarna] (not
// automatic payment methods) under the order's idempotency key; Klarna's result arrives as the same
// payment_intent.succeeded / payment_intent.payment_failed events a card's does; a refund goes back to the intent.
import { describe, expect, it, vi } from 'vitest'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { memoryEmail, orderInput, simpleProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { fake, provider, signedStripeEvent, withFakeStripe } from './stripe-fixtures'

vi.mock('server-only', () => ({}))

const WEBHOOK_SECRET = 'whsec_int_test_klarna_0123456789'
const { email } = memoryEmail()

withFakeStripe(WEBHOOK_SECRET)

const signed = (event: object) => signedStripeEvent(event, WEBHOOK_SECRET)

async function klarnaOrder(method: 'klarna' | 'card' = 'klarna') {
  const productId = await simpleProduct(payload, 3, 8999)
  const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }], { paymentMethod: method }))
  if (!placed.ok) throw new Error(placed.message)
  const url = await paymentUrlFor(payload, await payload.findByID({ collection: 'orders', id: placed.orderId, overrideAccess: true }), provider)
  const order = await payload.findByID({ collection: 'orders', id: placed.orderId, overrideAccess: true })
  return { productId, order, url, create: fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)! }
}

describe(`Stripe Klarna contract on ${db}`, () => {
  it('a Pay in 3 order creates a GBP intent in pence for Klarna only, with the order number and its idempotency key; a card order keeps automatic methods', async () => {
    const { order, url, create } = await klarnaOrder()
    expect(url).toBe(`/checkout/pay/${order.orderNumber}`)
    const form = Object.fromEntries(create.form)
    expect(form).toMatchObject({ amount: '8999', currency: 'gbp', 'payment_method_types[0]': 'klarna', 'metadata[orderNumber]': order.orderNumber, receipt_email: order.email })
    expect(form['automatic_payment_methods[enabled]']).toBeUndefined()
    expect(create.idempotencyKey).toBe(`order-${order.orderNumber}-payment`)
    expect(fake.intents.get(order.payment!.reference!)?.payment_method_types).toEqual(['klarna'])
    expect(order.payment).toMatchObject({ provider: 'stripe', method: 'klarna', reference: expect.stringMatching(/^pi_/) })
    // Klarna's redirect leaves the intent waiting for its customer: the payment page still gets the client secret.
    expect(await provider.clientSecret(order.payment!.reference!)).toMatch(/_secret_/)

    const card = await klarnaOrder('card')
    expect(Object.fromEntries(card.create.form)).toMatchObject({ 'automatic_payment_methods[enabled]': 'true' })
    expect(card.create.form.has('payment_method_types[0]')).toBe(false)
  })

  it('payment_intent.succeeded for a Klarna intent, replayed, pays the order once', async () => {
    const { order, productId } = await klarnaOrder()
    const intent = { ...fake.succeed(order.payment!.reference!), payment_method_types: ['klarna'] }
    const event = signed({ id: `evt_klarna_${order.orderNumber}`, object: 'event', api_version: '2025-01-27.acacia', type: 'payment_intent.succeeded', data: { object: intent } })
    const answers = await Promise.all(Array.from({ length: 10 }, () => handlePaymentWebhook(payload, provider, event.raw, event.headers, { email })))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const paid = await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true })
    expect(paid).toMatchObject({ status: 'paid', payment: { method: 'klarna', reference: intent.id } })
    expect(paid.history?.filter((h) => h.to === 'paid')).toHaveLength(1)
    expect(await stockOf(payload, productId)).toBe(2)
  })

  it('payment_intent.payment_failed (Klarna declined) cancels the order with Klarna’s message and releases stock', async () => {
    const { order, productId } = await klarnaOrder()
    const intent = { ...fake.intents.get(order.payment!.reference!)!, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_payment_attempt_failed', message: 'The customer was declined by Klarna.', payment_method: { type: 'klarna' } } }
    const failed = signed({ id: `evt_klarna_fail_${order.orderNumber}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: intent } })
    expect((await handlePaymentWebhook(payload, provider, failed.raw, failed.headers, { email })).status).toBe(200)
    expect(await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true })).toMatchObject({ status: 'cancelled', payment: { failureMessage: 'The customer was declined by Klarna.' } })
    expect(await stockOf(payload, productId)).toBe(3)
  })

  it('a refund of a Klarna payment goes to the same intent (Stripe returns it through Klarna)', async () => {
    const { order } = await klarnaOrder()
    fake.succeed(order.payment!.reference!)
    const refund = await provider.refund(order.payment!.reference!, 3000, `refund-${order.orderNumber}-part`)
    expect(refund.id).toMatch(/^re_/)
    const request = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').at(-1)!
    expect(Object.fromEntries(request.form)).toEqual({ payment_intent: order.payment!.reference!, amount: '3000' })
    expect(request.idempotencyKey).toBe(`refund-${order.orderNumber}-part`)
    expect(fake.refunded.get(order.payment!.reference!)).toBe(3000)
  })
})
