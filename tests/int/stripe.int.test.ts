// The Stripe adapter with the real SDK against a local fake Stripe API: payment intents in pence and GBP
// with an idempotency key on every POST, webhooks verified by the SDK, refunds and refusals; and reservation
// deposits taken, refunded, failed, expired and counted towards the sale through it.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { RefundRefusedError } from '../../src/adapters/payments/payment-provider'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { depositPaymentUrl, placeReservation } from '../../src/features/reservations/place-reservation.server'
import { cancelReservation, releaseExpiredReservations } from '../../src/features/reservations/reservation-lifecycle.server'
import { ledgerOf } from '../../src/features/stock/stock-ledger.server'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { orderInput, simpleProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { fake, provider, signedStripeEvent, withFakeStripe } from './stripe-fixtures'

const WEBHOOK_SECRET = 'whsec_int_test_0123456789'
const email = { name: 'outbox' as const, send: async () => ({ id: '1', location: 'memory' }) }

withFakeStripe(WEBHOOK_SECRET)

const signed = (event: object, secret = WEBHOOK_SECRET) => signedStripeEvent(event, secret)

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

  it('10 identical checkouts at once get one intent; a second intent of the order paid too (another instance, an older page) is refunded automatically', async () => {
    const productId = await simpleProduct(payload, 3, 4999)
    const input = orderInput([{ productId, count: 1 }])
    const placed = await Promise.all(Array.from({ length: 10 }, () => placeOrder(payload, input)))
    const orderId = placed[0]!.ok ? placed[0]!.orderId : -1
    expect(new Set(placed.map((p) => (p.ok ? p.orderId : -2))).size).toBe(1)
    await Promise.all(Array.from({ length: 10 }, async () => paymentUrlFor(payload, await payload.findByID({ collection: 'orders', id: orderId, overrideAccess: true }), provider)))
    const order = await payload.findByID({ collection: 'orders', id: orderId, overrideAccess: true })
    const intents = [...fake.intents.values()].filter((i) => i.metadata.orderNumber === order.orderNumber)
    expect(intents, 'one payment intent for ten identical checkouts').toHaveLength(1)
    // A second intent for the same order under another key, and both are paid.
    const other = await provider.startPayment({ orderNumber: order.orderNumber, totalPence: 4999, email: order.email, description: 'second page' }, `order-${order.orderNumber}-payment-other`)
    const paidEvents = [fake.succeed(order.payment!.reference!), fake.succeed(other.reference)].map((intent) => signed({ id: `evt_dup_${intent.id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } }))
    const answers = await Promise.all(paidEvents.map((e) => handlePaymentWebhook(payload, provider, e.raw, e.headers, { email })))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    const after = await payload.findByID({ collection: 'orders', id: orderId, overrideAccess: true })
    expect(after.status).toBe('paid')
    const kept = after.payment!.reference!
    const refundedOther = [order.payment!.reference!, other.reference].find((r) => r !== kept)!
    expect(fake.refunded.get(refundedOther), 'the payment the order did not keep is refunded in full').toBe(4999)
    expect(fake.refunded.get(kept) ?? 0, 'the kept payment is not refunded').toBe(0)
    expect(after.history?.filter((h) => h.to === 'paid' && h.from !== 'paid'), 'paid once').toHaveLength(1)
    expect(after.history?.some((h) => /refunded automatically/.test(h.note ?? ''))).toBe(true)
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

describe(`reservation deposits through the Stripe adapter on ${db}`, () => {
  const DEPOSIT = 9900
  const PRICE = 450_000
  let category: number | undefined

  async function reservedBike() {
    await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { reservations: { enabled: true, depositPence: DEPOSIT, holdHours: 72 } } })
    category ??= (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
    const s = uniqueSuffix()
    const productId = (await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Triumph Trident ${s}`, sku: `TR-${s}`, category, pricePence: PRICE, stock: 1, condition: 'used' }) as never })).id
    const placed = await placeReservation(payload, { reservationKey: randomUUID(), productId, contact: { firstName: 'Ada', lastName: 'Rider', email: `ada.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900123' } })
    if (!placed.ok) throw new Error(placed.message)
    const r = await payload.findByID({ collection: 'reservations', id: placed.reservationId, depth: 0, overrideAccess: true })
    const url = await depositPaymentUrl(payload, r, provider)
    const after = await payload.findByID({ collection: 'reservations', id: r.id, depth: 0, overrideAccess: true })
    return { productId, r: after, url, intentId: after.payment!.reference! }
  }
  const reservation = (id: number) => payload.findByID({ collection: 'reservations', id, depth: 0, overrideAccess: true })

  it('takes the deposit as a GBP payment intent in pence with the reservation number and its own idempotency key; a signed success (replayed) activates it once', async () => {
    const { r, url, intentId, productId } = await reservedBike()
    expect(url).toBe(`/reservations/pay/${r.reservationNumber}`)
    const create = fake.requests.filter((q) => q.method === 'POST' && q.path === '/v1/payment_intents').at(-1)!
    expect(create.idempotencyKey).toBe(`reservation-${r.reservationNumber}-deposit`)
    expect(Object.fromEntries(create.form)).toMatchObject({ amount: String(DEPOSIT), currency: 'gbp', 'metadata[orderNumber]': r.reservationNumber })
    expect(r.payment).toMatchObject({ provider: 'stripe', reference: expect.stringMatching(/^pi_/) })
    // Asking for the payment page again resumes the same intent.
    expect(await depositPaymentUrl(payload, r, provider)).toBe(url)
    expect(fake.requests.filter((q) => q.method === 'POST' && q.path === '/v1/payment_intents' && q.idempotencyKey === `reservation-${r.reservationNumber}-deposit`).length).toBe(2)

    const intent = fake.succeed(intentId)
    const good = signed({ id: `evt_dep_${r.reservationNumber}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } })
    const answers = []
    for (let i = 0; i < 3; i++) answers.push((await (await handlePaymentWebhook(payload, provider, good.raw, good.headers, { email })).json()) as { processed: boolean })
    expect(answers.filter((a) => a.processed)).toHaveLength(1)
    const active = await reservation(r.id)
    expect(active).toMatchObject({ status: 'active', stock: { state: 'held' }, payment: { provider: 'stripe', reference: intentId } })
    expect(active.history?.filter((h) => h.to === 'active')).toHaveLength(1)
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('a cancelled reservation refunds the deposit through Stripe once, with the reservation’s refund key; Stripe’s refund event changes nothing more', async () => {
    const { r, intentId, productId } = await reservedBike()
    const intent = fake.succeed(intentId)
    const paid = signed({ id: `evt_dep_${r.reservationNumber}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } })
    await handlePaymentWebhook(payload, provider, paid.raw, paid.headers, { email })
    expect(await cancelReservation(payload, r.id, { provider, email })).toEqual({ ok: true, refunded: true })
    const refunds = fake.requests.filter((q) => q.method === 'POST' && q.path === '/v1/refunds' && q.form.get('payment_intent') === intentId)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]!.idempotencyKey).toBe(`reservation-refund-${r.reservationNumber}`)
    expect(refunds[0]!.form.get('amount')).toBe(String(DEPOSIT))
    expect(fake.refunded.get(intentId)).toBe(DEPOSIT)
    expect(await reservation(r.id)).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, payment: { refundedPence: DEPOSIT, refundId: expect.stringMatching(/^re_/) } })
    expect(await stockOf(payload, productId)).toBe(1)
    const refundEvent = signed({ id: `evt_ref_${r.reservationNumber}`, object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge', payment_intent: intentId, amount_refunded: DEPOSIT, metadata: { orderNumber: r.reservationNumber } } } })
    expect((await handlePaymentWebhook(payload, provider, refundEvent.raw, refundEvent.headers, { email })).status).toBe(200)
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { provider, email })
    expect(fake.refunded.get(intentId)).toBe(DEPOSIT)
    expect(fake.requests.filter((q) => q.method === 'POST' && q.path === '/v1/refunds' && q.form.get('payment_intent') === intentId)).toHaveLength(1)
    expect(await cancelReservation(payload, r.id, { provider, email })).toMatchObject({ ok: false, status: 409 })
  })

  it('a declined deposit cancels the reservation and frees the bike; an unpaid one past its 15 minutes has its intent cancelled at Stripe and charges nothing', async () => {
    const declined = await reservedBike()
    const failed = signed({ id: `evt_fail_${declined.r.reservationNumber}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: { ...fake.intents.get(declined.intentId)!, last_payment_error: { message: 'Your card was declined.' } } } })
    expect((await handlePaymentWebhook(payload, provider, failed.raw, failed.headers, { email })).status).toBe(200)
    expect(await reservation(declined.r.id)).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, payment: { failureMessage: 'Your card was declined.' } })
    expect(await stockOf(payload, declined.productId)).toBe(1)

    const unpaid = await reservedBike()
    expect(await releaseExpiredReservations(payload, new Date(Date.now() + 16 * 60_000), { provider, email })).toBeGreaterThanOrEqual(1)
    expect(fake.requests.some((q) => q.method === 'POST' && q.path === `/v1/payment_intents/${unpaid.intentId}/cancel`)).toBe(true)
    expect(fake.intents.get(unpaid.intentId)!.status).toBe('canceled')
    expect(await reservation(unpaid.r.id)).toMatchObject({ status: 'expired', stock: { state: 'released' } })
    expect(await stockOf(payload, unpaid.productId)).toBe(1)
    expect(fake.refunded.get(unpaid.intentId)).toBeUndefined()
  })

  it('a deposit Stripe took just before the 15 minutes ran out (webhook not arrived) keeps the reservation; completing it online charges the price less the deposit, which is never refunded', async () => {
    const { r, intentId, productId } = await reservedBike()
    fake.succeed(intentId)
    await releaseExpiredReservations(payload, new Date(Date.now() + 16 * 60_000), { provider, email })
    expect(await reservation(r.id)).toMatchObject({ status: 'active', payment: { reference: intentId } })

    const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }], { reservation: { id: r.id } }))
    if (!placed.ok) throw new Error(placed.message)
    expect(placed.totalPence).toBe(PRICE - DEPOSIT)
    const order = await payload.findByID({ collection: 'orders', id: placed.orderId, overrideAccess: true, depth: 0 })
    await paymentUrlFor(payload, order, provider)
    const create = fake.requests.filter((q) => q.method === 'POST' && q.path === '/v1/payment_intents').at(-1)!
    expect(Object.fromEntries(create.form)).toMatchObject({ amount: String(PRICE - DEPOSIT), 'metadata[orderNumber]': order.orderNumber })
    const orderIntent = fake.succeed((await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true, depth: 0 })).payment!.reference!)
    const paid = signed({ id: `evt_${order.orderNumber}`, object: 'event', type: 'payment_intent.succeeded', data: { object: orderIntent } })
    await handlePaymentWebhook(payload, provider, paid.raw, paid.headers, { email })
    expect(await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true, depth: 0 })).toMatchObject({ status: 'paid', reservationDepositPence: DEPOSIT, stock: { state: 'committed' } })
    expect(await ledgerOf(payload, `order:${order.id}`)).toMatchObject([{ state: 'sold', count: 1 }])
    expect(await reservation(r.id)).toMatchObject({ status: 'converted', convertedOrder: order.id })
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { provider, email })
    expect(fake.refunded.get(intentId)).toBeUndefined()
    expect(await stockOf(payload, productId)).toBe(0)
  })
})
