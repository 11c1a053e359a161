// Money and stock the shop must never lose to a dealer's feed, on a real database: a price of 0 is no price (the
// importer, the admin and the checkout refuse it, and no card payment of £0 is taken), and a stock count below
// the units held never sells more units than are on hand (the newest unpaid card holds are withdrawn, their
// payments closed, and money that still arrives for them goes back through the payment provider).
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestGateway } from '../../src/adapters/payments/test-gateway.server'
import { execute } from '../../src/cms/sql.server'
import { OVER_HELD_NOTE } from '../../src/domain/lifecycle'
import { csvRows } from '../../src/domain/catalogue/import/feed-rows'
import { importFeed } from '../../src/features/catalogue-import/import-feed.server'
import { releaseExpiredHolds } from '../../src/features/orders/order-lifecycle.server'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { depositPaymentUrl, placeReservation } from '../../src/features/reservations/place-reservation.server'
import { ledgerOf, setOnHandStatements } from '../../src/features/stock/stock-ledger.server'
import type { Order } from '../../src/payload-types'
import { buildCategory, buildProduct, buildVariant, uniqueSuffix } from '../../src/setup/seed/factories'
import { accessoryCategory, memoryEmail, orderInput, simpleProduct, stockOf } from './order-fixtures'
import { testPayload } from './payload'
import { GATEWAY_SECRET as SECRET } from './secrets'
import { connectedTestGateway } from './test-gateway'

let payload: Payload
let gateway: TestGateway
const { email } = memoryEmail()
const db = process.env.TEST_DB ?? 'sqlite'
const PRICE = 2500

beforeAll(async () => {
  payload = await testPayload()
  gateway = connectedTestGateway(payload, { email })
  await accessoryCategory(payload)
  await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { reservations: { enabled: true, depositPence: 9900, holdHours: 72 } } })
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

const order = (id: number): Promise<Order> => payload.findByID({ collection: 'orders', id, overrideAccess: true, depth: 0 })
const card = (number = '4242 4242 4242 4242') => ({ number, expiry: '12/34', cvc: '123', name: 'Ada Rider' })
const skuOf = async (productId: number) => (await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true })).sku!
const feed = async (sku: string, stock: number) => importFeed(payload, csvRows(`sku,stock\n${sku},${stock}\n`), { actor: 'feed test' })

/** A card order of one unit with its payment page open, as a customer leaves it at the card form. */
async function cardOrder(productId: number) {
  const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const url = await paymentUrlFor(payload, await order(placed.orderId), gateway.provider)
  return { orderId: placed.orderId, orderNumber: placed.orderNumber, sessionId: url.split('/').pop()! }
}

/** The provider takes money anyway, after the shop closed the page (Stripe's slower methods can), and says so by webhook. */
async function paidAnyway(o: { sessionId: string; orderNumber: string }) {
  const session = (await gateway.findSession(payload, o.sessionId))!
  await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { status: 'succeeded' } })
  const { signPayload, SIGNATURE_HEADER } = await import('../../src/adapters/payments/webhook-signature')
  const raw = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { sessionId: o.sessionId, orderReference: o.orderNumber, amountPence: PRICE } })
  return handlePaymentWebhook(payload, gateway.provider, raw, new Headers({ [SIGNATURE_HEADER]: signPayload(raw, SECRET, Math.floor(Date.now() / 1000)), 'content-type': 'application/json' }), { email })
}

/** Units of the product the ledger counts sold, over these orders. */
async function soldOf(orders: readonly { orderId: number }[]): Promise<number> {
  let sold = 0
  for (const o of orders) for (const row of await ledgerOf(payload, `order:${o.orderId}`)) if (row.state === 'sold' && row.couponId == null) sold += row.count
  return sold
}

/** The message staff read under the field, from Payload's validation error. */
async function fieldError(write: Promise<unknown>): Promise<string> {
  const error = (await write.then(() => null, (e: unknown) => e)) as { data?: { errors?: { path: string; message: string }[] } } | null
  return error?.data?.errors?.map((e) => `${e.path}: ${e.message}`).join('; ') ?? 'no error'
}

describe(`a price of 0 is no price, on ${db}`, () => {
  it('the admin refuses a product or variant priced 0, and still takes an empty price (on application)', async () => {
    const category = await accessoryCategory(payload)
    const s = uniqueSuffix()
    const refused = 'price: A price of 0 would sell it for nothing; leave the price empty when it is on application.'
    expect(await fieldError(payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Free ${s}`, sku: `FREE-${s}`, category, pricePence: 0, stock: 1 }) as never }))).toBe(refused)
    const poa = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `POA ${s}`, sku: `POA-${s}`, category, pricePence: null, stock: 1 }) as never })
    expect(poa.price ?? null).toBeNull()
    expect(await fieldError(payload.update({ collection: 'products', id: poa.id, overrideAccess: true, data: { price: 0 } }))).toBe(refused)
    const parent = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Var ${s}`, sku: `VAR-${s}`, category, pricePence: null, productType: 'variable' }) as never })
    expect(await fieldError(payload.create({ collection: 'variants', overrideAccess: true, data: buildVariant({ product: parent.id, sku: `VAR-${s}-M`, size: 'M', pricePence: 0, stock: 1 }) as never }))).toBe(refused)
    expect(await payload.count({ collection: 'products', where: { sku: { equals: `FREE-${s}` } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
  })

  it('a product already stored at £0 (imported before) cannot be bought: the checkout refuses it and starts no card payment', async () => {
    const productId = await simpleProduct(payload, 3, PRICE)
    await execute(payload, null, { sql: 'UPDATE products SET price = 0, list_price = 0 WHERE id = ?', args: [productId] })
    const sessions = (await payload.count({ collection: 'test-gateway-payments', overrideAccess: true })).totalDocs
    const result = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
    expect(result).toMatchObject({ ok: false, status: 422, code: 'unavailable', message: expect.stringContaining('no longer has an online price') })
    expect(await stockOf(payload, productId)).toBe(3)
    expect((await payload.count({ collection: 'test-gateway-payments', overrideAccess: true })).totalDocs).toBe(sessions)
  })

  it('a card order that comes to £0 (a 100% coupon) is refused with 409 before any stock is held or payment started', async () => {
    const productId = await simpleProduct(payload, 3, PRICE)
    const code = `ALL${uniqueSuffix()}`.toUpperCase().slice(0, 30)
    await payload.create({ collection: 'coupons', overrideAccess: true, data: { code, discountType: 'percent', amount: 100, active: true } as never })
    const result = await placeOrder(payload, orderInput([{ productId, count: 1 }], { couponCode: code }))
    expect(result).toMatchObject({ ok: false, status: 409, code: 'nothing_to_pay', message: expect.stringContaining('nothing to pay by card') })
    expect(await stockOf(payload, productId)).toBe(3)
  })
})

describe(`a stock count below the units held, on ${db}`, () => {
  it('three unpaid holds against a feed of 1: the oldest keeps its unit, the two newest end with their payment pages closed; at most 1 is sold and the money that still arrives goes back', async () => {
    const productId = await simpleProduct(payload, 3, PRICE)
    const [a, b, c] = [await cardOrder(productId), await cardOrder(productId), await cardOrder(productId)]
    expect(await stockOf(payload, productId)).toBe(0)

    await feed(await skuOf(productId), 1)
    expect(await stockOf(payload, productId)).toBe(0)
    expect(await order(a!.orderId)).toMatchObject({ status: 'awaiting_payment', stock: { state: 'held' } })
    for (const o of [b!, c!]) {
      const ended = await order(o.orderId)
      expect(ended).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
      expect(ended.history?.at(-1)).toMatchObject({ actor: 'stock feed', from: 'awaiting_payment', to: 'cancelled' })
      expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ status: 'cancelled' })
    }

    // All three customers press Pay: only the kept hold is paid; the closed pages take nothing.
    for (const o of [a!, b!, c!]) await gateway.submitCard(o.sessionId, card())
    expect(await order(a!.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    for (const o of [b!, c!]) {
      expect((await order(o.orderId)).status).toBe('cancelled')
      expect((await gateway.findSession(payload, o.sessionId))?.status).toBe('cancelled')
    }
    // Money that arrives for them all the same is refunded automatically, as any late payment whose goods are gone.
    for (const o of [b!, c!]) await paidAnyway(o)
    for (const o of [b!, c!]) {
      expect(await order(o.orderId)).toMatchObject({ status: 'refunded', payment: { refundedPence: PRICE } })
      expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ refundedPence: PRICE })
    }
    expect(await soldOf([a!, b!, c!])).toBe(1)
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('a payment that went through just before the feed closed its page is refunded, never sold', async () => {
    const productId = await simpleProduct(payload, 2, PRICE)
    const a = await cardOrder(productId)
    const b = await cardOrder(productId)
    // B's payment succeeded at the provider; its webhook has not arrived yet.
    const session = (await gateway.findSession(payload, b.sessionId))!
    await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { status: 'succeeded' } })

    await feed(await skuOf(productId), 1)
    expect(await order(b.orderId)).toMatchObject({ status: 'refunded', payment: { refundedPence: PRICE, reference: b.sessionId } })
    expect(await gateway.findSession(payload, b.sessionId)).toMatchObject({ refundedPence: PRICE })
    expect(await order(a.orderId)).toMatchObject({ status: 'awaiting_payment', stock: { state: 'held' } })
    await gateway.submitCard(a.sessionId, card())
    expect(await soldOf([a, b])).toBe(1)
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('a payment arriving after the lower count committed but before its orders were ended (a crash between) is refunded, never sold', async () => {
    const productId = await simpleProduct(payload, 2, PRICE)
    const a = await cardOrder(productId)
    const b = await cardOrder(productId)
    // The ledger's part of the feed alone, as a process killed right after the import's batch leaves it.
    const withdrawn: string[] = []
    for (const stmt of setOnHandStatements(payload, 'products', productId, 1, new Date().toISOString())) {
      withdrawn.push(...(await execute(payload, null, stmt)).rows.map((r) => String(r.withdrawn_ref ?? '')).filter(Boolean))
    }
    expect(withdrawn).toEqual([`order:${b.orderId}`])
    expect(await order(b.orderId)).toMatchObject({ status: 'awaiting_payment' })

    await gateway.submitCard(b.sessionId, card())
    const refunded = await order(b.orderId)
    expect(refunded).toMatchObject({ status: 'refunded', payment: { refundedPence: PRICE } })
    expect(refunded.history?.some((h) => h.actor === 'stock feed')).toBe(true)
    expect(await gateway.findSession(payload, b.sessionId)).toMatchObject({ refundedPence: PRICE })
    await gateway.submitCard(a.sessionId, card())
    expect(await order(a.orderId)).toMatchObject({ status: 'paid' })
    expect(await soldOf([a, b])).toBe(1)
    // The hold expiry finds nothing more to do.
    await releaseExpiredHolds(payload, new Date(Date.now() + 16 * 60_000))
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('a paid deposit keeps its bike before any unpaid card order; a hold that cannot be withdrawn is flagged for staff', async () => {
    const category = (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
    const s = uniqueSuffix()
    const bike = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Honda ${s}`, sku: `HON-${s}`, category, pricePence: 500_000, stock: 2, condition: 'used' }) as never })
    const reserved = await placeReservation(payload, { reservationKey: randomUUID(), productId: bike.id, contact: { firstName: 'Bo', lastName: 'Rider', email: `bo.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900124' } })
    if (!reserved.ok) throw new Error(reserved.message)
    const deposit = await depositPaymentUrl(payload, await payload.findByID({ collection: 'reservations', id: reserved.reservationId, depth: 0, overrideAccess: true }), gateway.provider)
    await gateway.submitCard(deposit.split('/').pop()!, card())
    const newer = await cardOrder(bike.id)

    await feed(bike.sku!, 0)
    expect(await order(newer.orderId)).toMatchObject({ status: 'cancelled' })
    const reservation = await payload.findByID({ collection: 'reservations', id: reserved.reservationId, depth: 0, overrideAccess: true })
    expect(reservation).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(reservation.history?.at(-1)).toMatchObject({ actor: 'stock feed', note: OVER_HELD_NOTE })
    // The same count again flags it once.
    await feed(bike.sku!, 0)
    const again = await payload.findByID({ collection: 'reservations', id: reserved.reservationId, depth: 0, overrideAccess: true })
    expect(again.history?.filter((h) => h.note === OVER_HELD_NOTE)).toHaveLength(1)
    expect(await stockOf(payload, bike.id)).toBe(0)
  })
})
