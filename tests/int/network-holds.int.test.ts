// One network (an IPv4 address, or an IPv6 /64) may hold only so much stock unpaid, across
// card orders awaiting payment, unpaid reservations and undecided finance applications, whatever emails it gives;
// the check is made before stock is taken, as a 429, and holds under concurrent requests.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UNPAID_HOLDS_PER_NETWORK } from '../../src/domain/basket/order-limits'
import { networkKey } from '../../src/lib/network-key'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { accessoryCategory, orderInput, simpleProduct, stockOf } from './order-fixtures'
import { testPayload } from './payload'
import './secrets'

// Limits on: with RATE_LIMITS=off (load tests) the routes pass no network and nothing is capped.
process.env.RATE_LIMITS = 'on'

const { placeOrder } = await import('../../src/features/orders/place-order.server')
const { placeReservation } = await import('../../src/features/reservations/place-reservation.server')
const { POST: checkoutRoute } = await import('../../src/app/api/checkout/orders/route')

let payload: Payload
let motorcycles: number
let net = 0
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload()
  payload.sendEmail = (async () => undefined) as Payload['sendEmail']
  await accessoryCategory(payload)
  motorcycles = (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

async function motorcycle(stock: number): Promise<number> {
  const s = uniqueSuffix()
  return (await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Triumph Trident ${s}`, sku: `TT-${s}`, category: motorcycles, pricePence: 799_900, stock }) as never })).id
}

/** A new /64 for each test, and an address in it that differs on every call (as a host rotating its addresses would). */
function freshNetwork(): () => string {
  const prefix = `2001:db8:${(++net).toString(16)}:1`
  let host = 0
  return () => `${prefix}::${(++host).toString(16)}`
}
const email = () => `holder.${randomUUID().slice(0, 8)}@example.co.uk`
const contact = () => ({ firstName: 'Ada', lastName: 'Rider', email: email(), phone: '07700900123' })
const finance = { quoteId: 'quote-int', lenderName: 'Int Lender', funderCode: 'INT', facilityType: 'HP' as const, figures: {} }

describe(`what one network may hold unpaid, on ${db}`, () => {
  it('counts a card order, a reservation and a finance application together: the third motorcycle from one /64 is refused, with new emails each time', async () => {
    const address = freshNetwork()
    const bike = await motorcycle(10)
    expect(await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { network: networkKey(address()) }))).toMatchObject({ ok: true })
    expect(await placeReservation(payload, { reservationKey: randomUUID(), productId: bike, contact: contact(), network: networkKey(address()) })).toMatchObject({ ok: true })
    const third = await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { kind: 'finance', finance, network: networkKey(address()) }))
    expect(third).toMatchObject({ ok: false, status: 429, code: 'network_holds', message: expect.stringContaining('Pay for one') })
    expect(await stockOf(payload, bike)).toBe(8)
    // Another network is not held back by this one.
    expect(await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { kind: 'finance', finance, network: networkKey(freshNetwork()()) }))).toMatchObject({ ok: true })
    expect(await stockOf(payload, bike)).toBe(7)
  })

  it(`allows at most ${MAX_UNPAID_HOLDS_PER_NETWORK} unpaid holds from one network across products`, async () => {
    const address = freshNetwork()
    const results = []
    for (let i = 0; i <= MAX_UNPAID_HOLDS_PER_NETWORK; i++) results.push(await placeOrder(payload, orderInput([{ productId: await motorcycle(1), count: 1 }], { network: networkKey(address()) })))
    expect(results.slice(0, MAX_UNPAID_HOLDS_PER_NETWORK).every((r) => r.ok)).toBe(true)
    expect(results[MAX_UNPAID_HOLDS_PER_NETWORK]).toMatchObject({ ok: false, status: 429, code: 'network_holds' })
  })

  it('is exact under 10 identical concurrent checkouts from one network (different keys and emails): 2 hold, 8 are refused, stock down by 2', async () => {
    const address = freshNetwork()
    const bike = await motorcycle(10)
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { network: networkKey(address()) }))))
    expect(results.filter((r) => r.ok)).toHaveLength(2)
    expect(results.filter((r) => !r.ok && r.code === 'network_holds')).toHaveLength(8)
    expect(await stockOf(payload, bike)).toBe(8)
    const held = await payload.find({ collection: 'stock-holds', where: { and: [{ product: { equals: bike } }, { state: { equals: 'held' } }] }, overrideAccess: true, depth: 0 })
    expect(held.docs.reduce((n, h) => n + h.count, 0)).toBe(2)
  })

  it('counts units of one accessory up to twice one order’s cap, and refuses before taking any', async () => {
    const address = freshNetwork()
    const lock = await simpleProduct(payload, 40)
    expect(await placeOrder(payload, orderInput([{ productId: lock, count: 10 }], { network: networkKey(address()) }))).toMatchObject({ ok: true })
    expect(await placeOrder(payload, orderInput([{ productId: lock, count: 9 }], { network: networkKey(address()) }))).toMatchObject({ ok: true })
    expect(await placeOrder(payload, orderInput([{ productId: lock, count: 2 }], { network: networkKey(address()) }))).toMatchObject({ ok: false, code: 'network_holds' })
    expect(await stockOf(payload, lock)).toBe(21)
  })

  it('stops counting a hold once it is paid for', async () => {
    const address = freshNetwork()
    const bike = await motorcycle(10)
    const first = await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { network: networkKey(address()) }))
    expect(await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { network: networkKey(address()) }))).toMatchObject({ ok: true })
    expect(await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { network: networkKey(address()) }))).toMatchObject({ ok: false, code: 'network_holds' })
    if (!first.ok) throw new Error('first order refused')
    // Paid directly in the database, as the lifecycle leaves it: the order is no longer awaiting payment and its units are sold.
    await payload.db.updateOne({ collection: 'orders', id: first.orderId, data: { status: 'processing' } })
    expect(await placeOrder(payload, orderInput([{ productId: bike, count: 1 }], { network: networkKey(address()) }))).toMatchObject({ ok: true })
  })

  it('applies through the checkout route: the address the server saw is the network counted', async () => {
    const address = freshNetwork()
    const bike = await motorcycle(10)
    const post = () =>
      checkoutRoute(new Request('http://localhost:3000/api/checkout/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'x-wheelhouse-client-address': address() },
        body: JSON.stringify({ checkoutKey: randomUUID(), lines: [{ productId: bike, count: 1 }], deliveryMethod: 'free', contact: contact(), address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' }, acceptTerms: true }),
      }))
    expect((await post()).status).toBe(201)
    expect((await post()).status).toBe(201)
    const third = await post()
    expect(third.status).toBe(429)
    expect(await third.json()).toMatchObject({ error: 'network_holds', message: expect.stringContaining('your network') })
    expect(await stockOf(payload, bike)).toBe(8)
  })
})
