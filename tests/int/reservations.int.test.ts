// Reservations on a real database: exactly one winner per bike under 30 concurrent reservations
// and card checkouts; the deposit refunded once or counted once, never both and never neither (webhook
// replays, cancel, expiry while paying, hold expiry, staff release and convert, online completion); and
// bad input answered 4xx with nothing written.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestGateway } from '../../src/adapters/payments/test-gateway.server'
import { SIGNATURE_HEADER, signPayload } from '../../src/adapters/payments/webhook-signature'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { markPaymentFailed, releaseExpiredHolds } from '../../src/features/orders/order-lifecycle.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { depositPaymentUrl, placeReservation } from '../../src/features/reservations/place-reservation.server'
import { manageToken } from '../../src/features/reservations/reservation-email.server'
import { cancelReservation, releaseExpiredReservations } from '../../src/features/reservations/reservation-lifecycle.server'
import { ledgerOf } from '../../src/features/stock/stock-ledger.server'
import type { Reservation } from '../../src/payload-types'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { memoryEmail, orderInput, stockOf } from './order-fixtures'
import { testPayload } from './payload'
import { GATEWAY_SECRET as SECRET } from './secrets'
import { connectedTestGateway } from './test-gateway'

process.env.RATE_LIMITS = 'off'

const { POST: reserveRoute } = await import('../../src/app/api/reserve/route')
const { POST: cancelRoute } = await import('../../src/app/api/reserve/cancel/route')
const { POST: checkoutRoute } = await import('../../src/app/api/checkout/orders/route')

let payload: Payload
let gateway: TestGateway
let deliver = true
const { sent, email } = memoryEmail()
const db = process.env.TEST_DB ?? 'sqlite'
const PRICE = 500_000
const DEPOSIT = 9900

beforeAll(async () => {
  payload = await testPayload()
  gateway = connectedTestGateway(payload, { email, delivering: () => deliver })
  await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { reservations: { enabled: true, depositPence: DEPOSIT, holdHours: 72 }, address: { line1: '1 Dealer Way', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } } })
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

let motorcycleCategory: number | undefined
async function bike(stock = 1, extra: Record<string, unknown> = {}): Promise<number> {
  motorcycleCategory ??= (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Used motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
  const s = uniqueSuffix()
  const p = await payload.create({ collection: 'products', overrideAccess: true, data: { ...buildProduct({ name: `Honda CB500F ${s}`, sku: `CB-${s}`, category: motorcycleCategory, pricePence: PRICE, stock, condition: 'used' }), ...extra } as never })
  return p.id
}

const contact = () => ({ firstName: 'Ada', lastName: 'Rider', email: `ada.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900123' })
const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Ada Rider' })
const reservation = (id: number): Promise<Reservation> => payload.findByID({ collection: 'reservations', id, depth: 0, overrideAccess: true })

async function reserve(productId: number, who = contact()) {
  const r = await placeReservation(payload, { reservationKey: randomUUID(), productId, contact: who })
  if (!r.ok) throw new Error(`refused: ${r.message}`)
  const url = await depositPaymentUrl(payload, await reservation(r.reservationId), gateway.provider)
  return { ...r, sessionId: url.split('/').pop()!, url }
}

async function reserveAndPay(productId: number) {
  const r = await reserve(productId)
  const paid = await gateway.submitCard(r.sessionId, card('4242 4242 4242 4242'))
  expect(paid).toMatchObject({ kind: 'done', redirectUrl: `/reservation-success?reservation=${r.reservationNumber}` })
  return r
}

/** The money rule: a paid deposit is refunded in full exactly when the reservation ended without a sale. */
async function checkMoney(r: Reservation) {
  if (!r.payment?.paidAt) return
  const session = r.payment.reference ? await gateway.findSession(payload, r.payment.reference) : undefined
  const refunded = session?.refundedPence ?? 0
  if (r.status === 'converted') expect(refunded, `${r.reservationNumber} converted but refunded`).toBe(0)
  else if (['cancelled', 'expired', 'released'].includes(r.status)) expect(refunded, `${r.reservationNumber} ${r.status} refunded`).toBe(r.depositPence)
  else expect(refunded).toBe(0)
}

function json(body: unknown, type = 'application/json') {
  return new Request('http://shop.test/api/reserve', { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

describe(`reservations on ${db}`, () => {
  it('reserves a bike: one unit held, 4242 pays the deposit, the reservation is active for 72 hours and the confirmation email has the cancel link', async () => {
    const productId = await bike(1)
    const before = sent.length
    const r = await reserveAndPay(productId)
    const doc = await reservation(r.reservationId)
    expect(doc).toMatchObject({ status: 'active', depositPence: DEPOSIT, pricePence: PRICE, stock: { state: 'held' }, payment: { provider: 'test-gateway', reference: r.sessionId } })
    const hold = new Date(doc.stock!.holdExpiresAt!).getTime() - new Date(doc.payment!.paidAt!).getTime()
    expect(hold).toBe(72 * 3_600_000)
    expect(await stockOf(payload, productId)).toBe(0)
    expect(await ledgerOf(payload, `reservation:${r.reservationId}`)).toEqual([{ state: 'held', count: 1, productId, variantId: null, couponId: null }])
    const mail = sent.slice(before).find((m) => m.tag === 'reservation-confirmed')!
    expect(mail.to).toBe(doc.email)
    expect(mail.text).toContain('/reservations/manage?token=')
    expect(mail.text).toContain('(UK time)')
    // nobody else can reserve or buy it
    expect(await placeReservation(payload, { reservationKey: randomUUID(), productId, contact: contact() })).toMatchObject({ ok: false, status: 409, code: 'already_reserved' })
    expect(await placeOrder(payload, orderInput([{ productId, count: 1 }]))).toMatchObject({ ok: false, status: 409, code: 'sold_out' })
  })

  it('30 concurrent reservations and card checkouts for a one-unit bike, 20 rounds: exactly one wins each round', async () => {
    const rounds = 20
    let winners = 0
    const kinds = { reservations: 0, orders: 0 }
    for (let round = 0; round < rounds; round++) {
      const productId = await bike(1)
      const attempts = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 2
          ? // the checkouts start a moment later in even rounds and the reservations in odd ones, so both kinds win rounds
            new Promise((resolve) => setTimeout(resolve, round % 2 ? 0 : 40)).then(() => placeOrder(payload, orderInput([{ productId, count: 1 }]))).then((x) => x.ok)
          : new Promise((resolve) => setTimeout(resolve, round % 2 ? 40 : 0)).then(() => placeReservation(payload, { reservationKey: randomUUID(), productId, contact: contact() })).then((x) => x.ok),
      )
      const results = await Promise.all(attempts)
      const won = results.filter(Boolean).length
      results.forEach((ok, i) => ok && (i % 3 === 2 ? kinds.orders++ : kinds.reservations++))
      expect(won, `round ${round}`).toBe(1)
      winners += won
      expect(await stockOf(payload, productId)).toBe(0)
      const held = await payload.find({ collection: 'stock-holds', where: { product: { equals: productId } }, overrideAccess: true, depth: 0 })
      expect(held.docs.reduce((n, h) => n + (h.state === 'held' ? h.count : 0), 0)).toBe(1)
    }
    expect(winners).toBe(rounds)
    console.info(`[reservations ${db}] 20 rounds × 30 concurrent (20 reservations + 10 card checkouts) on a one-unit bike: ${winners} winners, exactly 1 per round (${kinds.reservations} reservations, ${kinds.orders} card orders)`)
  }, 240_000)

  it('a success webhook replayed 10 times activates once; cancel refunds once; a second cancel and refund replays change nothing', async () => {
    const productId = await bike(1)
    const r = await reserve(productId)
    deliver = false
    await gateway.submitCard(r.sessionId, card('4242 4242 4242 4242'))
    deliver = true
    const event = { id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { sessionId: r.sessionId, orderReference: r.reservationNumber, amountPence: DEPOSIT } }
    const raw = JSON.stringify(event)
    const headers = () => new Headers({ [SIGNATURE_HEADER]: signPayload(raw, SECRET, Math.floor(Date.now() / 1000)) })
    const answers = await Promise.all(Array.from({ length: 10 }, () => handlePaymentWebhook(payload, gateway.provider, raw, headers(), { email }).then((x) => x.json() as Promise<{ processed: boolean }>)))
    expect(answers.filter((a) => a.processed)).toHaveLength(1)
    const confirmations = sent.filter((m) => m.tag === 'reservation-confirmed' && m.text.includes(r.reservationNumber))
    expect(confirmations).toHaveLength(1)
    expect((await reservation(r.reservationId)).status).toBe('active')

    const cancelled = await cancelReservation(payload, r.reservationId, { email })
    expect(cancelled).toEqual({ ok: true, refunded: true })
    expect(await cancelReservation(payload, r.reservationId, { email })).toMatchObject({ ok: false, status: 409 })
    const doc = await reservation(r.reservationId)
    expect(doc).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, payment: { refundedPence: DEPOSIT } })
    expect(await stockOf(payload, productId)).toBe(1)
    const refundEvent = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.refunded', data: { sessionId: r.sessionId, orderReference: r.reservationNumber, amountPence: DEPOSIT } })
    for (let i = 0; i < 10; i++) await handlePaymentWebhook(payload, gateway.provider, refundEvent, new Headers({ [SIGNATURE_HEADER]: signPayload(refundEvent, SECRET, Math.floor(Date.now() / 1000)) }), { email })
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { email })
    expect((await gateway.findSession(payload, r.sessionId))?.refundedPence).toBe(DEPOSIT)
    await checkMoney(await reservation(r.reservationId))
  })

  it('a hold that expires while the customer pays: the unpaid reservation ends, the card form then charges nothing; a payment that made it first keeps the reservation', async () => {
    const productId = await bike(1)
    const r = await reserve(productId)
    expect(await releaseExpiredReservations(payload, new Date(Date.now() + 16 * 60_000), { email })).toBeGreaterThanOrEqual(1)
    expect(await reservation(r.reservationId)).toMatchObject({ status: 'expired', stock: { state: 'released' } })
    expect(await stockOf(payload, productId)).toBe(1)
    expect(await gateway.submitCard(r.sessionId, card('4242 4242 4242 4242'))).toEqual({ kind: 'gone' })
    expect((await gateway.findSession(payload, r.sessionId))?.status).toBe('cancelled')

    // Paid at the last moment, webhook not delivered yet: the expiry pass asks the gateway and activates it.
    const p2 = await bike(1)
    const r2 = await reserve(p2)
    deliver = false
    await gateway.submitCard(r2.sessionId, card('4242 4242 4242 4242'))
    deliver = true
    await releaseExpiredReservations(payload, new Date(Date.now() + 16 * 60_000), { email })
    expect(await reservation(r2.reservationId)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await stockOf(payload, p2)).toBe(0)
    await checkMoney(await reservation(r2.reservationId))
  })

  it('an active hold that runs out releases the bike and refunds the deposit once, however many passes run', async () => {
    const productId = await bike(1)
    const r = await reserveAndPay(productId)
    const later = new Date(Date.now() + 73 * 3_600_000)
    const passes = await Promise.all([releaseExpiredReservations(payload, later, { email }), releaseExpiredReservations(payload, later, { email })])
    expect(passes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
    await releaseExpiredReservations(payload, later, { email })
    const doc = await reservation(r.reservationId)
    expect(doc).toMatchObject({ status: 'expired', stock: { state: 'released' }, payment: { refundedPence: DEPOSIT } })
    expect(await stockOf(payload, productId)).toBe(1)
    expect(sent.filter((m) => m.tag === 'reservation-expired' && m.text.includes(r.reservationNumber))).toHaveLength(1)
    await checkMoney(doc)
  })

  it('staff extending a hold as it runs out: either the hold is extended and the bike stays held, or the save is refused and the bike is back on sale', async () => {
    // Payload's update writes back the status it read: an expiry committed between its read and its write would be
    // undone (the reservation active again with its bike on the shelf) unless the save reads the row again, locked.
    const later = new Date(Date.now() + 73 * 3_600_000)
    const outcomes: string[] = []
    for (let round = 0; round < 5; round++) {
      const productId = await bike(1)
      const r = await reserveAndPay(productId)
      const extend = new Promise((resolve) => setTimeout(resolve, round * 6)).then(() =>
        payload.update({ collection: 'reservations', id: r.reservationId, overrideAccess: true, depth: 0, data: { stock: { holdExpiresAt: new Date(Date.now() + 200 * 3_600_000).toISOString() } } as never }).then(
          () => 'extended',
          // Refused as changed meanwhile, or, when Payload read it after the expiry, as no longer active.
          (error: Error) => (/just changed|Only an active reservation/.test(error.message) ? 'refused' : Promise.reject(error)),
        ),
      )
      const [saved] = await Promise.all([extend, releaseExpiredReservations(payload, later, { email })])
      const doc = await reservation(r.reservationId)
      if (doc.status === 'active') expect([doc.stock?.state, await stockOf(payload, productId), saved]).toEqual(['held', 0, 'extended'])
      else expect([doc.status, doc.stock?.state, await stockOf(payload, productId)]).toEqual(['expired', 'released', 1])
      outcomes.push(`${saved}:${doc.status}`)
      await checkMoney(doc)
    }
    expect(outcomes.every((o) => ['extended:active', 'refused:expired', 'extended:expired'].includes(o)), outcomes.join(' ')).toBe(true)
  }, 120_000)

  it('completing online: the order takes the reserved bike without new stock, the deposit comes off the total and is never refunded; a declined card hands the bike back to the reservation', async () => {
    const productId = await bike(1)
    const r = await reserveAndPay(productId)
    const declined = await placeOrder(payload, orderInput([{ productId, count: 1 }], { reservation: { id: r.reservationId } }))
    if (!declined.ok) throw new Error(declined.message)
    expect(declined.totalPence).toBe(PRICE - DEPOSIT)
    expect(await reservation(r.reservationId)).toMatchObject({ status: 'converted' })
    await markPaymentFailed(payload, { orderNumber: declined.orderNumber, reference: 'x', amountPence: declined.totalPence, provider: 'test-gateway', failureMessage: 'declined' })
    expect(await reservation(r.reservationId)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await stockOf(payload, productId)).toBe(0)
    expect(await ledgerOf(payload, `reservation:${r.reservationId}`)).toMatchObject([{ state: 'held', count: 1 }])

    const o = await placeOrder(payload, orderInput([{ productId, count: 1 }], { reservation: { id: r.reservationId } }))
    if (!o.ok) throw new Error(o.message)
    const order = await payload.findByID({ collection: 'orders', id: o.orderId, depth: 0, overrideAccess: true })
    expect(order).toMatchObject({ totalPence: PRICE - DEPOSIT, reservationDepositPence: DEPOSIT, reservation: r.reservationId })
    const url = await paymentUrlFor(payload, order, gateway.provider)
    await gateway.submitCard(url.split('/').pop()!, card('4242 4242 4242 4242'))
    expect(await payload.findByID({ collection: 'orders', id: o.orderId, depth: 0, overrideAccess: true })).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    expect(await ledgerOf(payload, `order:${o.orderId}`)).toMatchObject([{ state: 'sold', count: 1 }])
    expect(await ledgerOf(payload, `reservation:${r.reservationId}`)).toEqual([])
    const doc = await reservation(r.reservationId)
    expect(doc).toMatchObject({ status: 'converted', convertedOrder: o.orderId })
    expect(await stockOf(payload, productId)).toBe(0)
    // A converted reservation is neither cancelled nor refunded, even after its hold time
    expect(await cancelReservation(payload, r.reservationId, { email })).toMatchObject({ ok: false })
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { email })
    await releaseExpiredHolds(payload, new Date(Date.now() + 100 * 3_600_000))
    await checkMoney(await reservation(r.reservationId))
    // and a completed reservation cannot be completed twice
    expect(await placeOrder(payload, orderInput([{ productId, count: 1 }], { reservation: { id: r.reservationId } }))).toMatchObject({ ok: false, code: 'reservation_unavailable' })
  })

  it('staff cancelling an unpaid order that completed a reservation hands the bike back to the reservation; its expiry then refunds the deposit', async () => {
    const productId = await bike(1)
    const r = await reserveAndPay(productId)
    const o = await placeOrder(payload, orderInput([{ productId, count: 1 }], { reservation: { id: r.reservationId } }))
    if (!o.ok) throw new Error(o.message)
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: true, data: { status: 'cancelled' } })
    expect(await payload.findByID({ collection: 'orders', id: o.orderId, depth: 0, overrideAccess: true })).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await reservation(r.reservationId)).toMatchObject({ status: 'active', stock: { state: 'held' } })
    expect(await stockOf(payload, productId)).toBe(0)
    await releaseExpiredReservations(payload, new Date(Date.now() + 100 * 3_600_000), { email })
    expect(await reservation(r.reservationId)).toMatchObject({ status: 'expired', payment: { refundedPence: DEPOSIT } })
    expect(await stockOf(payload, productId)).toBe(1)
    await checkMoney(await reservation(r.reservationId))
  })

  it('staff convert (bike sold to a showroom order, no refund) and release with a reason (bike back, refund); other changes are refused', async () => {
    const p1 = await bike(1)
    const r1 = await reserveAndPay(p1)
    await expect(payload.update({ collection: 'reservations', id: r1.reservationId, overrideAccess: true, data: { status: 'cancelled' } })).rejects.toThrow(/only convert|not mark/i)
    await expect(payload.update({ collection: 'reservations', id: r1.reservationId, overrideAccess: true, data: { status: 'released' } })).rejects.toThrow(/reason/i)
    const later = new Date(Date.now() + 100 * 3_600_000).toISOString()
    await payload.update({ collection: 'reservations', id: r1.reservationId, overrideAccess: true, data: { stock: { holdExpiresAt: later } } })
    expect((await reservation(r1.reservationId)).stock?.holdExpiresAt).toBe(later)
    await payload.update({ collection: 'reservations', id: r1.reservationId, overrideAccess: true, data: { status: 'converted' } })
    const converted = await reservation(r1.reservationId)
    expect(converted).toMatchObject({ status: 'converted', stock: { state: 'committed' } })
    // The sale is an order (see reservation-sales.int.test.ts): the unit is sold to it from the hold.
    expect(await ledgerOf(payload, `reservation:${r1.reservationId}`)).toEqual([])
    expect(await ledgerOf(payload, `order:${converted.convertedOrder}`)).toMatchObject([{ state: 'sold', count: 1 }])
    expect(await stockOf(payload, p1)).toBe(0)

    const p2 = await bike(1)
    const r2 = await reserveAndPay(p2)
    await payload.update({ collection: 'reservations', id: r2.reservationId, overrideAccess: true, data: { status: 'released', releaseReason: 'Failed its pre-sale inspection' } })
    await expect.poll(async () => (await reservation(r2.reservationId)).payment?.refundedPence, { timeout: 5000 }).toBe(DEPOSIT)
    const doc = await reservation(r2.reservationId)
    expect(doc).toMatchObject({ status: 'released', stock: { state: 'released' } })
    expect(doc.history?.some((h) => h.note?.includes('Failed its pre-sale inspection'))).toBe(true)
    expect(await stockOf(payload, p2)).toBe(1)
    await expect(payload.update({ collection: 'reservations', id: r2.reservationId, overrideAccess: true, data: { status: 'converted' } })).rejects.toThrow()
    await checkMoney(await reservation(r1.reservationId))
    await checkMoney(doc)
  })

  it('limits: riderwear is not reserved, two open reservations per email at most, a bike’s own deposit of 0 turns it off', async () => {
    const who = contact()
    await reserve(await bike(1), who)
    await reserve(await bike(1), who)
    expect(await placeReservation(payload, { reservationKey: randomUUID(), productId: await bike(1), contact: who })).toMatchObject({ ok: false, status: 429, code: 'too_many_reservations' })
    expect(await placeReservation(payload, { reservationKey: randomUUID(), productId: await bike(1, { reservationDepositPence: 0 }), contact: contact() })).toMatchObject({ ok: false, status: 422, code: 'not_reservable' })
    const own = await placeReservation(payload, { reservationKey: randomUUID(), productId: await bike(1, { reservationDepositPence: 25_000 }), contact: contact() })
    expect(own).toMatchObject({ ok: true, depositPence: 25_000 })
    const wear = await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Jackets ${uniqueSuffix()}`, kind: 'riderwear' }) })
    const jacket = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Jacket ${uniqueSuffix()}`, category: wear.id, pricePence: 19_999, stock: 5 }) as never })
    expect(await placeReservation(payload, { reservationKey: randomUUID(), productId: jacket.id, contact: contact() })).toMatchObject({ ok: false, status: 422, code: 'not_reservable' })
    const key = randomUUID()
    const productId = await bike(1)
    const [a, b] = await Promise.all([placeReservation(payload, { reservationKey: key, productId, contact: contact() }), placeReservation(payload, { reservationKey: key, productId, contact: contact() })])
    const oks = [a, b].filter((x) => x.ok)
    expect(oks.length).toBeGreaterThanOrEqual(1)
    expect(new Set(oks.map((x) => (x.ok ? x.reservationId : 0))).size).toBe(1)
  })

  it('bad input: clear 4xx and nothing written', async () => {
    const productId = await bike(1)
    const count = async () => (await payload.count({ collection: 'reservations', overrideAccess: true })).totalDocs
    const before = await count()
    const good = { reservationKey: randomUUID(), productId, contact: contact(), acceptTerms: true }
    const cases: [Request, number][] = [
      [json({ ...good, productId: 999_999 }), 404],
      [json({ ...good, depositPence: 1 }), 400],
      [json({ ...good, pricePence: 1 }), 400],
      [json('{"reservationKey":'), 400],
      [json(good, 'text/plain'), 415],
      [json({ ...good, contact: { ...good.contact, firstName: 'x'.repeat(100_000) } }), 413],
      [json({ ...good, contact: { ...good.contact, firstName: 'x'.repeat(5000) } }), 400],
      [json({ ...good, acceptTerms: false }), 400],
      [json({ ...good, productId: '1; DROP TABLE products' }), 400],
      [json([]), 400],
      [json(null), 400],
    ]
    for (const [request, status] of cases) expect((await reserveRoute(request)).status).toBe(status)
    expect(await count()).toBe(before)

    // sold bike
    const sold = await bike(0)
    expect((await reserveRoute(json({ ...good, reservationKey: randomUUID(), productId: sold }))).status).toBe(409)
    expect(await count()).toBe(before)

    // forged, tampered, expired and malformed cancel tokens
    const r = await reserveAndPay(productId)
    const real = await manageToken(r.reservationId)
    const [header, , mac] = real.split('.')
    const forgedBody = Buffer.from(JSON.stringify({ aud: 'reservation-manage', sub: String(r.reservationId + 1), exp: Math.floor(Date.now() / 1000) + 999 })).toString('base64url')
    const cancel = (body: unknown, type = 'application/json') => cancelRoute(new Request('http://shop.test/api/reserve/cancel', { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) }))
    for (const token of [`${header}.${forgedBody}.${mac}`, `${real}x`, String(r.reservationId), 'a.b', await manageToken(r.reservationId, new Date(Date.now() - 31 * 24 * 3_600_000))]) {
      expect((await cancel({ token })).status).toBe(404)
    }
    expect((await cancel({ token: 'x'.repeat(2049) })).status).toBe(400) // longer than any link the shop signs
    expect((await cancel('{')).status).toBe(400)
    expect((await cancel({ token: real }, 'text/plain')).status).toBe(415)
    expect((await reservation(r.reservationId)).status).toBe('active')
    // the real link cancels, once
    const ok = await cancel({ token: real })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ status: 'cancelled', refunded: true, refundedPence: DEPOSIT })
    expect((await cancel({ token: real })).status).toBe(409)
    // a reservation token for a checkout must be genuine
    const checkout = await checkoutRoute(new Request('http://shop.test/api/checkout/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ checkoutKey: randomUUID(), lines: [{ productId, count: 1 }], deliveryMethod: 'free', contact: contact(), address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' }, acceptTerms: true, reservationToken: `${forgedBody}.abc` }) }))
    expect(checkout.status).toBe(403)
  })

  it('every reservation made in this file: deposit refunded once or counted once, never both, never neither', async () => {
    const all = await payload.find({ collection: 'reservations', overrideAccess: true, depth: 0, limit: 1000, pagination: false })
    for (const r of all.docs) await checkMoney(r)
    console.info(`[reservations ${db}] money rule checked on ${all.docs.length} reservations (${all.docs.filter((r) => r.payment?.paidAt).length} paid)`)
  })
})
