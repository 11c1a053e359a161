// POST /api/checkout/orders and the webhook endpoints as the browser and providers call them: good orders
// answer 201 with a payment link and an access cookie; every kind of bad input is a clear 4xx and writes nothing.
import { createHash, randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPayload } from './payload'
import { orderCount, simpleProduct, stockOf } from './order-fixtures'
import './secrets'

const { POST: placeOrderRoute } = await import('../../src/app/api/checkout/orders/route')
const { POST: gatewayWebhook } = await import('../../src/app/api/payments/webhooks/test-gateway/route')
const { POST: stripeWebhook } = await import('../../src/app/api/payments/webhooks/stripe/route')

let payload: Payload
let productId: number
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload()
  productId = await simpleProduct(payload, 5, 2500)
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

function validBody(extra: Record<string, unknown> = {}) {
  return {
    checkoutKey: randomUUID(),
    lines: [{ productId, count: 1 }],
    deliveryMethod: 'free',
    contact: { firstName: 'Ada', lastName: 'Rider', email: 'Ada@Example.co.uk', phone: '07700 900123' },
    address: { line1: '2 Low Road', town: 'York', postcode: 'yo1 7hh' },
    acceptTerms: true,
    ...extra,
  }
}

function post(body: string | object, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return placeOrderRoute(new Request('http://shop.test/api/checkout/orders', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }))
}

describe(`POST /api/checkout/orders on ${db}`, () => {
  it('answers 429 with Retry-After once one address has sent 30 checkout requests in 10 minutes, and changes nothing', async () => {
    const from = (address: string) => ({ 'content-type': 'application/json', 'x-wheelhouse-client-address': address })
    for (let i = 0; i < 30; i++) expect((await post('{', from('203.0.113.77'))).status).toBe(400) // refused bodies count too
    const before = [await orderCount(payload), await stockOf(payload, productId)]
    const limited = await post(validBody(), from('203.0.113.77'))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('Please wait') })
    expect([await orderCount(payload), await stockOf(payload, productId)]).toEqual(before)
    expect((await post('{', from('203.0.113.78'))).status).toBe(400) // another address is not held back
  })

  it('places an order: 201, payment link, HttpOnly access cookie; the same key answers 200 with the same order', async () => {
    const body = validBody()
    const first = await post(body)
    expect(first.status).toBe(201)
    const json = (await first.json()) as { orderNumber: string; totalPence: number; paymentUrl: string }
    expect(json).toMatchObject({ orderNumber: expect.stringMatching(/^WH-/), totalPence: 2500, paymentUrl: expect.stringMatching(/^\/test-gateway\/pay\/tgs_/) })
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).toMatch(new RegExp(`^wh_order=${json.orderNumber}\\.[A-Za-z0-9_-]{40,}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`))
    const order = (await payload.find({ collection: 'orders', where: { orderNumber: { equals: json.orderNumber } }, overrideAccess: true, showHiddenFields: true })).docs[0]!
    const token = cookie.split(';')[0]!.split('.')[1]!
    const sha256 = (t: string) => createHash('sha256').update(t).digest('hex')
    expect(order.accessTokenHash).toBe(sha256(token)) // written with the order itself, never the token
    expect(order).toMatchObject({ email: 'ada@example.co.uk', phone: '07700900123', address: { postcode: 'YO1 7HH' } })

    const again = await post(body)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(json)
    // The repeat's browser gets a token of its own for the same order.
    const againToken = again.headers.get('set-cookie')!.split(';')[0]!.split('.')[1]!
    expect(againToken).not.toBe(token)
    const reread = await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true, showHiddenFields: true })
    expect(reread.accessTokenHash).toBe(sha256(againToken))
  })

  it('answers 409 sold_out with a clear message when the stock is not there', async () => {
    const few = await simpleProduct(payload, 1)
    const response = await post(validBody({ lines: [{ productId: few, count: 3 }] }))
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: 'sold_out', message: expect.stringContaining('Only 1') })
  })

  it('refuses bad input with a 4xx JSON message and writes nothing', async () => {
    const orders = await orderCount(payload)
    const stock = await stockOf(payload, productId)
    const huge = 'x'.repeat(1024 * 1024)
    const cases: [string, Response, number, string][] = [
      ['malformed JSON', await post('{"lines": [', { 'content-type': 'application/json' }), 400, 'malformed_json'],
      ['not JSON', await post('lines=1', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type'],
      ['1 MB string', await post(validBody({ contact: { firstName: huge, lastName: 'R', email: 'a@b.co.uk', phone: '07700900123' } })), 413, 'payload_too_large'],
      ['negative count', await post(validBody({ lines: [{ productId, count: -1 }] })), 400, 'invalid_request'],
      ['huge count', await post(validBody({ lines: [{ productId, count: 1e9 }] })), 400, 'invalid_request'],
      ['fractional count', await post(validBody({ lines: [{ productId, count: 1.5 }] })), 400, 'invalid_request'],
      ['count as text', await post(validBody({ lines: [{ productId, count: '1' }] })), 400, 'invalid_request'],
      ['a price from the browser', await post(validBody({ lines: [{ productId, count: 1, pricePence: 1 }] })), 400, 'invalid_request'],
      ['a total from the browser', await post(validBody({ totalPence: 1 })), 400, 'invalid_request'],
      ['unknown product', await post(validBody({ lines: [{ productId: 987_654, count: 1 }] })), 422, 'unavailable'],
      ['huge id', await post(validBody({ lines: [{ productId: 1e15, count: 1 }] })), 400, 'invalid_request'],
      ['no terms', await post(validBody({ acceptTerms: false })), 400, 'invalid_request'],
      ['bad postcode', await post(validBody({ address: { line1: '1 A', town: 'B', postcode: 'NOPE' } })), 400, 'invalid_request'],
      ['bad key', await post(validBody({ checkoutKey: 'abc' })), 400, 'invalid_request'],
      ['array body', await post([1, 2]), 400, 'invalid_request'],
      ['null body', await post('null'), 400, 'invalid_request'],
      ['empty basket', await post(validBody({ lines: [] })), 400, 'invalid_request'],
      ['unknown delivery', await post(validBody({ deliveryMethod: 'drone' })), 400, 'invalid_request'],
      ['bad coupon', await post(validBody({ couponCode: 'NO-SUCH-COUPON' })), 422, 'coupon_invalid'],
    ]
    for (const [name, response, status, error] of cases) {
      expect(response.status, name).toBe(status)
      const json = (await response.json()) as { error: string; message: string }
      expect(json.error, name).toBe(error)
      expect(json.message.length, name).toBeGreaterThan(5)
      expect(response.headers.get('set-cookie'), name).toBeNull()
    }
    const priced = await post(validBody({ lines: [{ productId, count: 1, pricePence: 1 }] }))
    expect(((await priced.json()) as { message: string }).message).toContain('prices and stock come from the shop')
    expect(await orderCount(payload)).toBe(orders)
    expect(await stockOf(payload, productId)).toBe(stock)
  })
})

describe(`webhook endpoints on ${db}`, () => {
  const webhook = (route: typeof gatewayWebhook, body: string, headers: Record<string, string> = {}) =>
    route(new Request('http://shop.test/api/payments/webhooks/x', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }))

  it('refuse unsigned, forged, malformed and oversized bodies and write nothing', async () => {
    const events = (await payload.count({ collection: 'payment-events', overrideAccess: true })).totalDocs
    const orders = await orderCount(payload)
    expect((await webhook(gatewayWebhook, '{"id":"evt_1"}')).status).toBe(400)
    expect((await webhook(gatewayWebhook, '{"id":"evt_1"}', { 'wheelhouse-signature': 't=1,v1=00' })).status).toBe(400)
    expect((await webhook(gatewayWebhook, 'not json at all', { 'wheelhouse-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}` })).status).toBe(400)
    expect((await webhook(gatewayWebhook, 'x'.repeat(1024 * 1024))).status).toBe(413)
    // Stripe is not configured in this run: its endpoint says so and does nothing.
    expect((await webhook(stripeWebhook, '{}', { 'stripe-signature': 't=1,v1=00' })).status).toBe(404)
    expect((await payload.count({ collection: 'payment-events', overrideAccess: true })).totalDocs).toBe(events)
    expect(await orderCount(payload)).toBe(orders)
  })
})
