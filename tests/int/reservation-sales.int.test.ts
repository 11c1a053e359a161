// A reservation ending in a sale other than the online card checkout (ADR 011): a finance
// application for the reserved bike (the reservation deposit is part of the deposit quoted, the held unit
// moves to the application once, and comes back when the application does not go ahead), and staff
// converting it in the showroom (a real order, the unit sold to it from the hold, once).
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestGateway } from '../../src/adapters/payments/test-gateway.server'
import { handleShopFinanceOrder } from '../../src/features/finance/api/shop-orders.server'
import { handleShopQuotes } from '../../src/features/finance/api/shop-quotes.server'
import { handlePartExchangeValuation } from '../../src/features/finance/api/part-exchange-valuations'
import { releaseExpiredHolds } from '../../src/features/orders/order-lifecycle.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { depositPaymentUrl, placeReservation } from '../../src/features/reservations/place-reservation.server'
import { reservationForFinance } from '../../src/features/reservations/reservation-finance.server'
import { manageToken } from '../../src/features/reservations/reservation-email.server'
import { releaseExpiredReservations } from '../../src/features/reservations/reservation-lifecycle.server'
import { ledgerOf } from '../../src/features/stock/stock-ledger.server'
import type { Order, Reservation, User } from '../../src/payload-types'
import { buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { memoryEmail, orderInput, stockOf } from './order-fixtures'
import { testPayload } from './payload'
import './secrets'
import { connectedTestGateway } from './test-gateway'

process.env.RATE_LIMITS = 'off'

const db = process.env.TEST_DB ?? 'sqlite'
const PRICE = 849_900
const DEPOSIT = 9900

let payload: Payload
let gateway: TestGateway
let staff: User
let naked: number
let honda: number
const { email } = memoryEmail()

beforeAll(async () => {
  payload = await testPayload('demo shop')
  gateway = connectedTestGateway(payload, { email })
  await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { reservations: { enabled: true, depositPence: DEPOSIT, holdHours: 72 } } })
  staff = (await payload.find({ collection: 'users', where: { email: { equals: 'admin@int.test' } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] as User
  const model = (await payload.find({ collection: 'products', where: { slug: { equals: 'honda-cb650r' } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]!
  naked = typeof model.category === 'object' ? model.category.id : (model.category as number)
  honda = typeof model.brand === 'object' && model.brand ? model.brand.id : (model.brand as number)
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

/** A new one-unit, financeable motorcycle. */
async function bike(): Promise<number> {
  const s = uniqueSuffix()
  const p = await payload.create({
    collection: 'products',
    overrideAccess: true,
    data: buildProduct({ name: `Honda CB650R ${s}`, sku: `CB650-${s}`, category: naked, brand: honda, pricePence: PRICE, stock: 1, vehicle: { capCode: 'HOCB650R24', financeable: true } } as never) as never,
  })
  return p.id
}

const who = () => ({ firstName: 'Grace', lastName: 'Rider', email: `grace.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900456' })
const reservation = (id: number): Promise<Reservation> => payload.findByID({ collection: 'reservations', id, depth: 0, overrideAccess: true })
const order = (id: number): Promise<Order> => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })

async function reserveAndPay(productId: number) {
  const placed = await placeReservation(payload, { reservationKey: randomUUID(), productId, contact: who() })
  if (!placed.ok) throw new Error(placed.message)
  const url = await depositPaymentUrl(payload, await reservation(placed.reservationId), gateway.provider)
  await gateway.submitCard(url.split('/').pop()!, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Grace Rider' })
  const r = await reservation(placed.reservationId)
  expect(r.status).toBe('active')
  return { ...r, token: await manageToken(r.id) }
}

/** The money rule: a paid deposit is refunded in full exactly when the reservation ended without a sale. */
async function checkMoney(id: number) {
  const r = await reservation(id)
  const refunded = (await gateway.findSession(payload, r.payment!.reference!))?.refundedPence ?? 0
  expect(refunded, `${r.reservationNumber} ${r.status}`).toBe(r.status === 'converted' || r.status === 'active' ? 0 : r.depositPence)
}

const post = (url: string, body: unknown) => new Request(`http://shop.test${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const terms = { termMonths: 36, annualDistance: 3000 }
interface QuoteAnswer {
  quotes: { quoteUid: string; example: { cashPricePence: number; depositPence: number; creditPence: number } }[]
  reservation?: { reservationNumber: string; depositPaidPence: number; depositPence: number; depositToPayPence: number }
  error?: string
}
async function quote(body: Record<string, unknown>): Promise<{ status: number; body: QuoteAnswer }> {
  const response = await handleShopQuotes(post('/api/finance/quotes', { ...terms, ...body }), payload, { reservationForFinance })
  return { status: response.status, body: (await response.json()) as QuoteAnswer }
}
const applicant = (r: Reservation) => ({ email: r.email, phone: r.phone, firstName: r.firstName, lastName: r.lastName, shippingMethod: 'free', shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' } })
async function apply(r: Reservation, quoteId: string, body: Record<string, unknown> = {}) {
  const productId = typeof r.product === 'object' ? r.product.id : r.product
  const response = await handleShopFinanceOrder(post('/api/finance/orders', { ...applicant(r), quoteId, productId, variantId: null, ...body }), payload, { placeOrder, reservationForFinance })
  return { status: response.status, body: (await response.json()) as { orderId: number; orderNumber: string; error?: string; message?: string } }
}

describe(`a finance application for a reserved bike on ${db}`, () => {
  it('quotes count the reservation deposit within the deposit (server-side); the application takes the held bike once and its total is the price less the deposit', async () => {
    const productId = await bike()
    // Before the reservation: the whole price is financed.
    const plain = await quote({ productId, depositPence: 0 })
    expect(plain.status).toBe(200)
    for (const q of plain.body.quotes) expect(q.example.creditPence).toBe(q.example.cashPricePence)
    const r = await reserveAndPay(productId)

    // Held for the reservation, the bike offers no finance to anyone else …
    expect((await quote({ productId, depositPence: 0 })).status).toBe(409)
    // … and with the reservation the deposit paid comes off the amount financed.
    const reserved = await quote({ productId, depositPence: 0, reservationToken: r.token })
    expect(reserved.status).toBe(200)
    expect(reserved.body.reservation).toEqual({ reservationNumber: r.reservationNumber, depositPaidPence: DEPOSIT, depositPence: DEPOSIT, depositToPayPence: 0 })
    expect(reserved.body.quotes.length).toBeGreaterThan(0)
    for (const q of reserved.body.quotes) expect(q.example).toMatchObject({ cashPricePence: PRICE, depositPence: DEPOSIT, creditPence: PRICE - DEPOSIT })
    // A bigger deposit includes the reservation deposit, it is not added on top.
    const bigger = await quote({ productId, depositPence: 100_000, reservationToken: r.token })
    expect(bigger.body.reservation).toMatchObject({ depositPence: 100_000, depositToPayPence: 100_000 - DEPOSIT })
    for (const q of bigger.body.quotes) expect(q.example).toMatchObject({ depositPence: 100_000, creditPence: PRICE - 100_000 })

    // Refusals: a forged link, another bike, accessories with a reserved bike.
    expect((await quote({ productId, depositPence: 0, reservationToken: `${r.token}x` })).status).toBe(403)
    expect((await quote({ productId: await bike(), depositPence: 0, reservationToken: r.token })).status).toBe(422)
    const related = (await payload.find({ collection: 'products', where: { slug: { equals: 'honda-cb650r' } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]!.relatedProducts as number[]
    await payload.update({ collection: 'products', id: productId, overrideAccess: true, data: { relatedProducts: related } })
    expect((await quote({ productId, depositPence: 0, reservationToken: r.token, accessories: [{ productId: related[0] }] })).status).toBe(422)

    // A quote made without the reservation cannot be used with it (its amount financed ignores the deposit).
    const wrong = await apply(r, plain.body.quotes[0]!.quoteUid, { reservationToken: r.token })
    expect(wrong.status).toBe(422)
    expect(wrong.body.message).toMatch(/new quote/i)
    // Nor can the reserved bike be applied for without the reservation: it is held.
    expect((await apply(r, plain.body.quotes[0]!.quoteUid)).status).toBe(409)
    expect(await reservation(r.id)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await ledgerOf(payload, `reservation:${r.id}`)).toMatchObject([{ state: 'held', count: 1 }])

    const chosen = reserved.body.quotes[0]!
    const placed = await apply(r, chosen.quoteUid, { reservationToken: r.token })
    expect(placed.status).toBe(201)
    const o = await order(placed.body.orderId)
    expect(o).toMatchObject({ kind: 'finance', status: 'processing', financeStatus: 'submitted', reservation: r.id, reservationDepositPence: DEPOSIT, totalPence: PRICE - DEPOSIT, stock: { state: 'held' }, finance: { quoteId: chosen.quoteUid } })
    expect(o.lines).toMatchObject([{ product: productId, unitPricePence: PRICE, count: 1 }])
    expect((o.finance?.figures as { TotalDeposit: number; Advance: number }).Advance * 100).toBeCloseTo(PRICE - DEPOSIT, 5)
    expect(o.history?.[0]?.note).toContain('part of the £99 deposit')
    expect(await ledgerOf(payload, `order:${o.id}`)).toMatchObject([{ state: 'held', count: 1, productId }])
    expect(await ledgerOf(payload, `reservation:${r.id}`)).toEqual([])
    expect(await stockOf(payload, productId)).toBe(0)
    const converted = await reservation(r.id)
    expect(converted).toMatchObject({ status: 'converted', convertedOrder: o.id, stock: { state: 'committed' } })
    expect(converted.history?.at(-1)?.note).toContain(`Finance application ${o.orderNumber}`)

    // Exactly once: the same quote answers the same application; another quote finds the reservation used.
    expect(await apply(r, chosen.quoteUid, { reservationToken: r.token })).toMatchObject({ status: 200, body: { orderId: o.id } })
    const second = reserved.body.quotes[1] ?? bigger.body.quotes[0]!
    expect((await apply(r, second.quoteUid, { reservationToken: r.token })).status).toBe(409)
    expect((await quote({ productId, depositPence: 0, reservationToken: r.token })).status).toBe(409)
    expect(await payload.count({ collection: 'orders', where: { reservation: { equals: r.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { email })
    await checkMoney(r.id)
  })

  it('a part-exchange applied to a reserved bike’s quote is filed with the application and the reservation', async () => {
    const productId = await bike()
    const r = await reserveAndPay(productId)
    const valued = await handlePartExchangeValuation(post('/api/finance/part-exchange', { registration: 'AB21 CDE', mileage: 9000, condition: 'good', outstandingFinancePence: 20_000, make: 'Honda' }), payload)
    expect(valued.status).toBe(201)
    const { valuationId } = (await valued.json()) as { valuationId: string }
    const quoted = await quote({ productId, depositPence: 0, reservationToken: r.token, valuationId })
    expect(quoted.status).toBe(200)
    const applied = await apply(r, quoted.body.quotes[0]!.quoteUid, { reservationToken: r.token })
    expect(applied.status).toBe(201)
    const stored = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valuationId } }, depth: 0, overrideAccess: true })
    expect(stored.docs[0]).toMatchObject({ order: applied.body.orderId, reservation: r.id })
  })

  it('10 concurrent finance applications and card completions of one reservation: exactly one takes the bike', async () => {
    const productId = await bike()
    const r = await reserveAndPay(productId)
    const quoted = await quote({ productId, depositPence: 50_000, reservationToken: r.token })
    const uids = quoted.body.quotes.map((q) => q.quoteUid)
    expect(uids.length).toBeGreaterThan(0)
    const attempts = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? apply(r, uids[(i / 2) % uids.length]!, { reservationToken: r.token }).then((x) => x.status === 201)
        : placeOrder(payload, orderInput([{ productId, count: 1 }], { reservation: { id: r.id } })).then((x) => x.ok && x.created),
    )
    const won = (await Promise.all(attempts)).filter(Boolean)
    expect(won).toHaveLength(1)
    expect(await payload.count({ collection: 'orders', where: { reservation: { equals: r.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })
    const held = await payload.find({ collection: 'stock-holds', where: { product: { equals: productId } }, overrideAccess: true, depth: 0 })
    expect(held.docs.filter((h) => h.state !== 'released').map((h) => h.count)).toEqual([1])
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('a declined application hands the bike back to the reservation (deposit still refundable); an undecided one does so when its hold runs out', async () => {
    const p1 = await bike()
    const r1 = await reserveAndPay(p1)
    const q1 = await quote({ productId: p1, depositPence: 0, reservationToken: r1.token })
    const a1 = await apply(r1, q1.body.quotes[0]!.quoteUid, { reservationToken: r1.token })
    await payload.update({ collection: 'orders', id: a1.body.orderId, overrideAccess: true, user: staff, data: { financeStatus: 'declined' } })
    expect(await order(a1.body.orderId)).toMatchObject({ financeStatus: 'declined', stock: { state: 'released' } })
    expect(await reservation(r1.id)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await ledgerOf(payload, `reservation:${r1.id}`)).toMatchObject([{ state: 'held', count: 1 }])
    expect(await ledgerOf(payload, `order:${a1.body.orderId}`)).toEqual([])
    expect(await stockOf(payload, p1)).toBe(0)
    // The reservation's own hold then runs out: bike back on the shelf, deposit refunded once.
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { email })
    expect(await reservation(r1.id)).toMatchObject({ status: 'expired', payment: { refundedPence: DEPOSIT } })
    expect(await stockOf(payload, p1)).toBe(1)
    await checkMoney(r1.id)

    const p2 = await bike()
    const r2 = await reserveAndPay(p2)
    const q2 = await quote({ productId: p2, depositPence: 0, reservationToken: r2.token })
    const a2 = await apply(r2, q2.body.quotes[0]!.quoteUid, { reservationToken: r2.token })
    expect(a2.status).toBe(201)
    const later = new Date(Date.now() + 73 * 3_600_000)
    await releaseExpiredHolds(payload, later)
    expect(await order(a2.body.orderId)).toMatchObject({ status: 'cancelled', financeStatus: 'cancelled', stock: { state: 'released' } })
    expect(await reservation(r2.id)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await stockOf(payload, p2)).toBe(0)
    await releaseExpiredHolds(payload, later)
    expect(await ledgerOf(payload, `reservation:${r2.id}`)).toMatchObject([{ state: 'held', count: 1 }])
    await checkMoney(r2.id)
  })
})

describe(`staff converting a reservation to a sale in the showroom on ${db}`, () => {
  it('makes one order for the bike at the catalogue price with the deposit paid towards it; the unit is sold to it from the hold; a second click changes nothing', async () => {
    const productId = await bike()
    const r = await reserveAndPay(productId)
    await payload.update({ collection: 'reservations', id: r.id, overrideAccess: true, user: staff, data: { status: 'converted' } })
    const converted = await reservation(r.id)
    expect(converted).toMatchObject({ status: 'converted', stock: { state: 'committed' } })
    const orderId = converted.convertedOrder as number
    expect(typeof orderId).toBe('number')
    const o = await order(orderId)
    expect(o).toMatchObject({
      kind: 'card',
      status: 'awaiting_payment',
      email: r.email,
      reservation: r.id,
      reservationDepositPence: DEPOSIT,
      totalPence: PRICE - DEPOSIT,
      payment: { provider: 'showroom' },
      stock: { state: 'committed' },
      delivery: { method: 'free' },
    })
    expect(o.lines).toMatchObject([{ product: productId, unitPricePence: PRICE, count: 1, lineTotalPence: PRICE }])
    expect(o.stock.holdExpiresAt ?? null).toBeNull()
    expect(o.history?.[0]).toMatchObject({ by: staff.id, actor: 'admin@int.test' })
    expect(o.history?.[0]?.note).toContain(r.reservationNumber)
    const last = converted.history?.at(-1)
    expect(last).toMatchObject({ by: staff.id, actor: 'admin@int.test', from: 'active', to: 'converted' })
    expect(last?.note).toContain(o.orderNumber)
    expect(await ledgerOf(payload, `order:${o.id}`)).toMatchObject([{ state: 'sold', count: 1, productId }])
    expect(await ledgerOf(payload, `reservation:${r.id}`)).toEqual([])
    expect(await stockOf(payload, productId)).toBe(0)

    // Clicked again: no second order, nothing moves.
    await payload.update({ collection: 'reservations', id: r.id, overrideAccess: true, user: staff, data: { status: 'converted' } })
    expect(await payload.count({ collection: 'orders', where: { reservation: { equals: r.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })

    // The unpaid showroom sale is never expired by the card-payment hold pass.
    await releaseExpiredHolds(payload, new Date(Date.now() + 100 * 3_600_000))
    expect(await order(o.id)).toMatchObject({ status: 'awaiting_payment', stock: { state: 'committed' } })

    // Staff take the balance in the showroom and mark it paid (recorded with who and when), then hand it over.
    await payload.update({ collection: 'orders', id: o.id, overrideAccess: true, user: staff, data: { status: 'paid' } })
    const paid = await order(o.id)
    expect(paid).toMatchObject({ status: 'paid', payment: { provider: 'showroom', paidAt: expect.any(String) } })
    expect(paid.history?.at(-1)).toMatchObject({ by: staff.id, from: 'awaiting_payment', to: 'paid' })
    expect(paid.history?.at(-1)?.note).toMatch(/paid in the showroom/)
    await payload.update({ collection: 'orders', id: o.id, overrideAccess: true, user: staff, data: { status: 'ready_for_collection' } })
    await payload.update({ collection: 'orders', id: o.id, overrideAccess: true, user: staff, data: { status: 'completed' } })
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { email })
    await checkMoney(r.id)
    expect(await stockOf(payload, productId)).toBe(0)
    // An online order (not a showroom sale) still cannot be marked paid by hand.
    const online = await placeOrder(payload, orderInput([{ productId: await bike(), count: 1 }]))
    if (!online.ok) throw new Error(online.message)
    await expect(payload.update({ collection: 'orders', id: online.orderId, overrideAccess: true, user: staff, data: { status: 'paid' } })).rejects.toThrow(/payment provider/)
  })

  it('two staff converting at once: one order, one sold unit', async () => {
    const productId = await bike()
    const r = await reserveAndPay(productId)
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => payload.update({ collection: 'reservations', id: r.id, overrideAccess: true, user: staff, data: { status: 'converted' } })))
    expect(results.some((x) => x.status === 'fulfilled')).toBe(true)
    for (const x of results) if (x.status === 'rejected') expect(String(x.reason)).toMatch(/just changed/)
    expect(await payload.count({ collection: 'orders', where: { reservation: { equals: r.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })
    const converted = await reservation(r.id)
    expect(converted.status).toBe('converted')
    expect(converted.history?.filter((h) => h.to === 'converted')).toHaveLength(1)
    const held = await payload.find({ collection: 'stock-holds', where: { product: { equals: productId } }, overrideAccess: true, depth: 0 })
    expect(held.docs.map((h) => [h.ref, h.state, h.count])).toEqual([[`order:${converted.convertedOrder}`, 'sold', 1]])
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('cancelling an unpaid showroom sale hands the bike back to the reservation; converting again makes a new order; a reservation that ended cannot be converted', async () => {
    const productId = await bike()
    const r = await reserveAndPay(productId)
    await payload.update({ collection: 'reservations', id: r.id, overrideAccess: true, user: staff, data: { status: 'converted' } })
    const first = (await reservation(r.id)).convertedOrder as number
    await payload.update({ collection: 'orders', id: first, overrideAccess: true, user: staff, data: { status: 'cancelled' } })
    expect(await order(first)).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await reservation(r.id)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await ledgerOf(payload, `reservation:${r.id}`)).toMatchObject([{ state: 'held', count: 1 }])
    expect(await stockOf(payload, productId)).toBe(0)

    await payload.update({ collection: 'reservations', id: r.id, overrideAccess: true, user: staff, data: { status: 'converted' } })
    const second = (await reservation(r.id)).convertedOrder as number
    expect(second).not.toBe(first)
    expect(await ledgerOf(payload, `order:${second}`)).toMatchObject([{ state: 'sold', count: 1 }])
    await checkMoney(r.id)

    const p2 = await bike()
    const r2 = await reserveAndPay(p2)
    await payload.update({ collection: 'reservations', id: r2.id, overrideAccess: true, user: staff, data: { status: 'released', releaseReason: 'Customer bought elsewhere' } })
    await expect(payload.update({ collection: 'reservations', id: r2.id, overrideAccess: true, user: staff, data: { status: 'converted' } })).rejects.toThrow()
    expect(await payload.count({ collection: 'orders', where: { reservation: { equals: r2.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
  })
})
