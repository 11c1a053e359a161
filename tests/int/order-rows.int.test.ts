// The order rows a checkout writes with plain INSERTs (src/features/orders/order-rows.server.ts) are the
// rows Payload's create writes for the same data, and the answer is the order as Payload reads it back.
// A field added to the orders collection and not to the INSERT fails here, on SQLite and on PostgreSQL.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { insertOrder } from '../../src/features/orders/order-rows.server'
import type { NewOrder } from '../../src/features/orders/new-order'
import type { Order } from '../../src/payload-types'
import { uniqueSuffix } from '../../src/setup/seed/factories'
import { simpleProduct, variantProduct } from './order-fixtures'
import { db, payload, withTestPayload } from './payload'

withTestPayload()

async function writeRaw(order: NewOrder, now: Date): Promise<Order> {
  const transactionID = (await payload.db.beginTransaction()) ?? null
  try {
    const written = await insertOrder(payload, transactionID, order, now)
    if (transactionID != null) await payload.db.commitTransaction(transactionID)
    return written
  } catch (error) {
    if (transactionID != null) await payload.db.rollbackTransaction(transactionID)
    throw error
  }
}

/** What two writes of the same data may differ in: their ids, keys, numbers and timestamps. */
function comparable(order: Order) {
  const { id: _id, orderNumber: _n, checkoutKey: _k, createdAt: _c, updatedAt: _u, ...rest } = order
  return {
    ...rest,
    lines: order.lines.map(({ id: _lineId, ...line }) => line),
    history: order.history?.map(({ id: _entryId, ...entry }) => entry),
  }
}

const read = (id: number) => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })

async function sameBothWays(order: NewOrder) {
  const now = new Date()
  const raw = await writeRaw(order, now)
  const viaPayload = await payload.create({
    collection: 'orders',
    overrideAccess: true,
    depth: 0,
    context: { orderLifecycle: true },
    data: { ...order, orderNumber: `${order.orderNumber.slice(0, 12)}P`, checkoutKey: randomUUID() } as never,
  })
  const rawRead = await read(raw.id)
  // The answer is the order as Payload reads it.
  expect(raw).toEqual(rawRead)
  // The rows are the rows Payload writes.
  expect(comparable(rawRead)).toEqual(comparable(await read(viaPayload.id)))
  expect(rawRead.lines.map((l) => l.id)).toEqual(raw.lines.map((l) => l.id))
  expect(new Set(rawRead.lines.map((l) => l.id)).size).toBe(rawRead.lines.length)
  return rawRead
}

describe(`insertOrder on ${db}`, () => {
  it('writes a guest card order exactly as Payload would', async () => {
    const productId = await simpleProduct(payload, 5, 2500)
    const now = new Date()
    const written = await sameBothWays({
      orderNumber: `WH-R${uniqueSuffix().slice(-6)}`,
      kind: 'card',
      status: 'awaiting_payment',
      firstName: 'Ada',
      lastName: 'Rider',
      email: `ada.${uniqueSuffix()}@example.co.uk`,
      phone: '07700900123',
      address: { line1: '2 Low Road', line2: '', town: 'York', county: '', postcode: 'YO1 7HH', country: 'GB' },
      delivery: { method: 'free', feePence: 0, feeToBeQuoted: false, firstName: 'Ada', lastName: 'Rider', shippingAddress: { line1: '1 Dealer Way', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } },
      lines: [{ product: productId, name: 'Lock', sku: 'LOCK-1', unitPricePence: 2500, count: 2, vatRatePercent: 20, lineTotalPence: 5000 }],
      subtotalPence: 5000,
      discountPence: 0,
      vatPence: 833,
      vatBreakdown: [{ treatment: 'standard', ratePercent: 20, grossPence: 5_000, netPence: 4_167, vatPence: 833 }],
      vatLines: [{ line: 0, label: 'Lock', grossPence: 5_000, treatment: 'standard' }],
      totalPence: 5000,
      reservationDepositPence: 0,
      stock: { state: 'pending', holdExpiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(), couponCounted: false },
      checkoutKey: randomUUID(),
      accessTokenHash: 'a'.repeat(64),
      history: [{ at: now.toISOString(), actor: 'customer', to: 'awaiting_payment', note: 'Order placed; stock held for payment.' }],
    })
    expect(written).toMatchObject({ kind: 'card', customer: null, stock: { state: 'pending' }, lines: [{ product: productId, count: 2 }] })
  })

  it('writes a customer’s finance application with two lines, a coupon and figures exactly as Payload would', async () => {
    const productId = await simpleProduct(payload, 5, 650_000)
    const { productId: gloves, variantId } = await variantProduct(payload, 5, 4_500)
    const customer = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `rows-${uniqueSuffix()}@int.test`, password: 'a-long-enough-password-123', firstName: 'Bo', lastName: 'Tester', role: 'customer' } })
    const coupon = await payload.create({ collection: 'coupons', overrideAccess: true, data: { code: `ROWS${uniqueSuffix().slice(-6).toUpperCase()}`, discountType: 'fixed_cart', amount: 1000, active: true } as never })
    const now = new Date()
    const written = await sameBothWays({
      orderNumber: `WH-F${uniqueSuffix().slice(-6)}`,
      kind: 'finance',
      status: 'processing',
      financeStatus: 'submitted',
      customer: customer.id,
      firstName: 'Bo',
      lastName: 'Tester',
      email: customer.email,
      phone: '07700900456',
      address: { line1: '3 High Street', line2: 'Flat 2', town: 'Leeds', county: 'West Yorkshire', postcode: 'LS2 8AA', country: 'GB' },
      delivery: { method: 'dealer_delivery', feePence: 4500, feeToBeQuoted: true },
      lines: [
        { product: productId, name: 'Bike', sku: 'BIKE-1', unitPricePence: 650_000, count: 1, vatRatePercent: 20, lineTotalPence: 650_000 },
        { product: gloves, variant: variantId, name: 'Gloves – M', sku: 'GLV-M', unitPricePence: 4_500, count: 2, vatRatePercent: 20, lineTotalPence: 9_000 },
      ],
      couponCode: coupon.code,
      coupon: coupon.id,
      subtotalPence: 659_000,
      discountPence: 1_000,
      vatPence: 109_666,
      vatBreakdown: [
        { treatment: 'standard', ratePercent: 20, grossPence: 658_000, netPence: 548_334, vatPence: 109_666 },
        { treatment: 'outside-scope', ratePercent: 0, grossPence: 8_200, netPence: 8_200, vatPence: 0 },
      ],
      vatLines: [
        { line: 0, label: 'Bike', detail: 'includes pre-delivery inspection and number plates £168', grossPence: 658_000, treatment: 'standard' },
        { line: 0, label: 'DVLA first registration fee', grossPence: 5_500, treatment: 'outside-scope' },
        { line: 0, label: 'First year’s road tax', grossPence: 2_700, treatment: 'outside-scope' },
      ],
      totalPence: 662_500,
      reservationDepositPence: 0,
      stock: { state: 'pending', holdExpiresAt: new Date(now.getTime() + 72 * 3_600_000).toISOString(), couponCounted: true },
      finance: { quoteId: 'Q-123', lenderName: 'Demo Lender', funderCode: 'DEMO', facilityType: 'HP', figures: { TotalDeposit: 500, Apr: 9.9, nested: { Term: 48 } } },
      checkoutKey: randomUUID(),
      accessTokenHash: 'b'.repeat(64),
      history: [{ at: now.toISOString(), by: customer.id, actor: 'customer', to: 'processing', note: 'Finance application submitted.' }],
    })
    expect(written).toMatchObject({ customer: customer.id, coupon: coupon.id, finance: { figures: { nested: { Term: 48 } } }, lines: [{ variant: null }, { variant: variantId }] })
  })

  it('writes nothing when the checkout key is already taken', async () => {
    const productId = await simpleProduct(payload, 5, 2500)
    const now = new Date()
    const base: NewOrder = {
      orderNumber: `WH-D${uniqueSuffix().slice(-6)}`,
      kind: 'card',
      status: 'awaiting_payment',
      firstName: 'Ada',
      lastName: 'Rider',
      email: `dup.${uniqueSuffix()}@example.co.uk`,
      phone: '07700900123',
      address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' },
      delivery: { method: 'free', feePence: 0, feeToBeQuoted: false },
      lines: [{ product: productId, name: 'Lock', unitPricePence: 2500, count: 1, vatRatePercent: 20, lineTotalPence: 2500 }],
      subtotalPence: 2500,
      discountPence: 0,
      vatPence: 417,
      vatBreakdown: [],
      vatLines: [],
      totalPence: 2500,
      reservationDepositPence: 0,
      stock: { state: 'pending', holdExpiresAt: now.toISOString(), couponCounted: false },
      checkoutKey: randomUUID(),
      history: [{ at: now.toISOString(), actor: 'customer', to: 'awaiting_payment', note: 'first' }],
    }
    await writeRaw(base, now)
    await expect(writeRaw({ ...base, orderNumber: `${base.orderNumber}X`, history: [{ ...base.history[0]!, note: 'second' }] }, now)).rejects.toThrow()
    const found = await payload.find({ collection: 'orders', where: { email: { equals: base.email } }, depth: 0, overrideAccess: true })
    expect(found.docs).toHaveLength(1)
    expect(found.docs[0]!.history?.map((h) => h.note)).toEqual(['first'])
  })
})
