// Klarna's Pay in 3 on a real database, through the built-in test gateway: the order records its method, the
// gateway shows Klarna's sign-in instead of a card form and approves or declines by test account, the same
// webhooks, holds, idempotency and refunds as a card; a basket Pay in 3 does not suit is refused and changes nothing.
import { describe, expect, it, vi } from 'vitest'
import { SIGNATURE_HEADER, signPayload } from '../../src/adapters/payments/webhook-signature'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { pricedBasketJson } from '../../src/features/basket/price-response.server'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { orderById, orderCount, orderInput, simpleProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { gateway, withConnectedGateway } from './test-gateway'
import { GATEWAY_SECRET as SECRET } from './secrets'

vi.mock('server-only', () => ({}))

const { sent, email } = withConnectedGateway()

const order = (id: number) => orderById(payload, id)

/** A Pay in 3 order for `count` locks at £45 (accessories: Pay in 3 suits them), with its Klarna session opened. */
async function klarnaOrder(stock = 5, count = 1) {
  const productId = await simpleProduct(payload, stock, 4500)
  const result = await placeOrder(payload, orderInput([{ productId, count }], { paymentMethod: 'klarna' }))
  if (!result.ok) throw new Error(`order refused: ${result.message}`)
  const url = await paymentUrlFor(payload, await order(result.orderId), gateway.provider)
  return { productId, orderId: result.orderId, orderNumber: result.orderNumber, sessionId: url.split('/').pop()!, url }
}

function signed(body: object) {
  const raw = JSON.stringify(body)
  return { raw, headers: new Headers({ [SIGNATURE_HEADER]: signPayload(raw, SECRET, Math.floor(Date.now() / 1000)), 'content-type': 'application/json' }) }
}

describe(`Pay in 3 with Klarna on the test gateway (${db})`, () => {
  it('an approved Klarna account pays the order: method recorded on the order and the gateway, stock committed, one confirmation', async () => {
    const before = sent.length
    const o = await klarnaOrder(5, 2)
    expect(await order(o.orderId)).toMatchObject({ status: 'awaiting_payment', totalPence: 9000, payment: { method: 'klarna', provider: 'test-gateway', reference: o.sessionId } })
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ method: 'klarna', amountPence: 9000 })
    // The card form is not Klarna's: a card sent to a Klarna session takes nothing.
    expect(await gateway.submitCard(o.sessionId, { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada' })).toEqual({ kind: 'gone' })
    expect(await gateway.submitKlarna(o.sessionId, 'not an email')).toMatchObject({ kind: 'error' })
    const done = await gateway.submitKlarna(o.sessionId, 'ada.rider@example.co.uk')
    expect(done).toMatchObject({ kind: 'done', delivered: true, redirectUrl: `/payment-success?order=${o.orderNumber}` })
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' }, payment: { method: 'klarna' } })
    expect(await stockOf(payload, o.productId)).toBe(3)
    expect(sent.length - before).toBe(1)
    // A second sign-in to the same session changes nothing.
    expect(await gateway.submitKlarna(o.sessionId, 'ada.rider@example.co.uk')).toEqual({ kind: 'gone' })
  })

  it('a declined account (+denied) cancels the order with Klarna’s reason and releases its stock', async () => {
    const o = await klarnaOrder(5, 1)
    const done = await gateway.submitKlarna(o.sessionId, 'ada+denied@example.co.uk')
    expect(done).toMatchObject({ kind: 'done', redirectUrl: `/payment-failure?order=${o.orderNumber}` })
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, payment: { failureMessage: expect.stringMatching(/Klarna did not approve Pay in 3/) } })
    expect(await stockOf(payload, o.productId)).toBe(5)
  })

  it('the Klarna success webhook sent 10 times at once marks the order paid once', async () => {
    const o = await klarnaOrder(5, 1)
    const event = signed({ id: `evt_klarna_${o.orderNumber}`, type: 'payment.succeeded', data: { sessionId: o.sessionId, orderReference: o.orderNumber, amountPence: 4500 } })
    const before = sent.length
    const answers = await Promise.all(Array.from({ length: 10 }, () => handlePaymentWebhook(payload, gateway.provider, event.raw, event.headers, { email })))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ processed: boolean }>))
    expect(bodies.filter((b) => b.processed)).toHaveLength(1)
    const paid = await order(o.orderId)
    expect(paid).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    expect(paid.history?.filter((h) => h.to === 'paid')).toHaveLength(1)
    expect(await stockOf(payload, o.productId)).toBe(4)
    expect(sent.length - before).toBe(1)
  })

  it('10 identical Pay in 3 checkouts at once make one order and one Klarna session', async () => {
    const productId = await simpleProduct(payload, 5, 4500)
    const input = orderInput([{ productId, count: 1 }], { paymentMethod: 'klarna' })
    const placed = await Promise.all(Array.from({ length: 10 }, () => placeOrder(payload, input)))
    const ids = new Set(placed.map((p) => (p.ok ? p.orderId : -1)))
    expect(ids.size).toBe(1)
    const orderId = [...ids][0]!
    const urls = await Promise.all(Array.from({ length: 10 }, async () => paymentUrlFor(payload, await order(orderId), gateway.provider)))
    expect(new Set(urls).size).toBe(1)
    expect(await stockOf(payload, productId)).toBe(4)
  })

  it('a refund goes back through the provider to the Klarna payment it came from', async () => {
    const o = await klarnaOrder(5, 1)
    await gateway.submitKlarna(o.sessionId, 'ada.rider@example.co.uk')
    const staff = (await payload.find({ collection: 'users', where: { role: { equals: 'staff' } }, limit: 1, overrideAccess: true })).docs[0] ?? (await payload.create({ collection: 'users', overrideAccess: true, data: { email: `staff-${Date.now()}@int.test`, password: 'a-long-staff-password-123', role: 'staff' } as never }))
    const user = { ...staff, collection: 'users' as const }
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { status: 'refunded' } })
    expect(await order(o.orderId)).toMatchObject({ status: 'refunded', payment: { method: 'klarna', refundedPence: 4500 } })
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ method: 'klarna', refundedPence: 4500 })
    expect(await stockOf(payload, o.productId)).toBe(5)
  })
})

describe(`Pay in 3 refused where it does not suit the basket (${db})`, () => {
  async function motorcycle(pricePence: number) {
    const category = (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
    const s = uniqueSuffix()
    return (await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Honda CB125F ${s}`, sku: `CB-${s}`, category, pricePence, stock: 2, condition: 'used' }) as never })).id
  }

  it('a motorcycle basket: 422 with the reason (finance instead), no order, no stock taken; the basket pricing says the same', async () => {
    const productId = await motorcycle(350_000)
    const orders = await orderCount(payload)
    const refused = await placeOrder(payload, orderInput([{ productId, count: 1 }], { paymentMethod: 'klarna' }))
    expect(refused).toMatchObject({ ok: false, status: 422, code: 'payment_method_unavailable', message: expect.stringMatching(/offered on rider wear, accessories and bicycles only.*hire purchase/) })
    expect(await orderCount(payload)).toBe(orders)
    expect(await stockOf(payload, productId)).toBe(2)
    const priced = await pricedBasketJson(payload, [{ productId, count: 1 }])
    expect(priced.payLater).toMatchObject({ available: false, reason: 'kind', financeOffered: true })
  })

  it('a basket above the settings’ limit is refused; within it, the pricing offers three instalments that add up to the total', async () => {
    await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { payLater: { enabled: true, minPence: 3000, maxPence: 10_000 } } })
    try {
      const productId = await simpleProduct(payload, 5, 6001)
      const refused = await placeOrder(payload, orderInput([{ productId, count: 2 }], { paymentMethod: 'klarna' }))
      expect(refused).toMatchObject({ ok: false, code: 'payment_method_unavailable', message: 'Pay in 3 is available on baskets up to £100; yours comes to £120.02.' })
      expect(await stockOf(payload, productId)).toBe(5)
      const priced = await pricedBasketJson(payload, [{ productId, count: 1 }])
      expect(priced.payLater).toMatchObject({ available: true, totalPence: 6001 })
      if (priced.payLater?.available) expect(priced.payLater.instalments.map((i) => i.amountPence)).toEqual([2001, 2000, 2000])
      // A card order of the same basket is not affected by the Pay in 3 limit.
      expect(await placeOrder(payload, orderInput([{ productId, count: 2 }]))).toMatchObject({ ok: true })
    } finally {
      await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { payLater: { enabled: true, minPence: 3000, maxPence: 100_000 } } })
    }
  })
})
