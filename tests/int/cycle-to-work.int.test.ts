// Cycle to Work certificates on a real database (ADR 053), through the built-in test gateway: an order of eligible
// goods placed with a certificate and its card balance waits, its stock held, until staff confirm the certificate
// (paid, stock sold, one confirmation) or refuse it, or its hold lapses (cancelled, stock back once, the card balance
// refunded); a certificate worth more than the eligible goods is refused with how much more to add; a return of a
// confirmed order gives the card its balance and hands the certificate's part back through the scheme.
import { describe, expect, it } from 'vitest'
import { confirmCertificate, markOrderPaid, refuseCertificate, releaseExpiredHolds } from '../../src/features/orders/order-lifecycle.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { requestRefund } from '../../src/features/returns/refunds.server'
import { orderById, orderCount, orderInput, simpleProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { gateway, withConnectedGateway } from './test-gateway'
import './secrets'

const staff = { actor: 'staff@int.test' }

const { sent, email } = withConnectedGateway()

const order = (id: number) => orderById(payload, id)
const certificate = (valuePence: number) => ({ scheme: 'cyclescheme' as const, number: 'CS12345678', redemptionCode: 'RC998877', valuePence })

/** An order of `count` accessories at £600 (eligible goods) with a certificate; its card balance paid on the gateway unless `pay` is false. */
async function certificateOrder(valuePence: number, { stock = 5, count = 2, pay = true } = {}) {
  const productId = await simpleProduct(payload, stock, 60_000)
  const placed = await placeOrder(payload, orderInput([{ productId, count }], { paymentMethod: 'cycle_to_work', certificate: certificate(valuePence) }))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const url = await paymentUrlFor(payload, await order(placed.orderId), gateway.provider)
  if (pay && url.startsWith('/test-gateway/')) {
    const done = await gateway.submitCard(url.split('/').pop()!, { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Rider' })
    expect(done).toMatchObject({ kind: 'done' })
  }
  return { productId, orderId: placed.orderId, orderNumber: placed.orderNumber, url }
}

describe(`Cycle to Work certificates (${db})`, () => {
  it('a certificate plus a card balance: the card pays only the balance, the order waits with its stock held; staff confirm it and it is paid once', async () => {
    const before = sent.length
    const o = await certificateOrder(100_000)
    const waiting = await order(o.orderId)
    expect(waiting).toMatchObject({ status: 'awaiting_payment', totalPence: 120_000, stock: { state: 'held' }, payment: { method: 'cycle_to_work', provider: 'test-gateway' }, certificate: { status: 'submitted', valuePence: 100_000, number: 'CS12345678', redemptionCode: 'RC998877' } })
    expect(waiting.payment?.paidAt).toBeTruthy()
    expect(await gateway.findSession(payload, waiting.payment!.reference!)).toMatchObject({ amountPence: 20_000, status: 'succeeded' })
    // Held for the certificate's hours (120 by default), not the card's 15 minutes.
    expect(new Date(waiting.stock.holdExpiresAt!).getTime() - Date.now()).toBeGreaterThan(119 * 3_600_000)
    expect(await stockOf(payload, o.productId)).toBe(3)
    expect(sent.slice(before).map((m) => m.tag)).toEqual(['order-certificate-submitted'])
    // The card's webhook again changes nothing.
    expect(await markOrderPaid(payload, { orderNumber: o.orderNumber, reference: waiting.payment!.reference!, amountPence: 20_000, provider: 'test-gateway' }, { email })).toMatchObject({ changed: false })

    const confirmed = await Promise.all([confirmCertificate(payload, waiting, staff, { email }), confirmCertificate(payload, waiting, staff, { email })])
    expect(confirmed.filter((c) => c.changed)).toHaveLength(1)
    const paid = await order(o.orderId)
    expect(paid).toMatchObject({ status: 'paid', totalPence: 120_000, stock: { state: 'committed' }, certificate: { status: 'confirmed' } })
    expect(paid.history?.filter((h) => h.to === 'paid')).toHaveLength(1)
    expect(await stockOf(payload, o.productId)).toBe(3)
    expect(sent.slice(before).map((m) => m.tag)).toEqual(['order-certificate-submitted', 'order-confirmation'])
  })

  it('a certificate worth more than the eligible goods is refused with how much more to add, and nothing is placed', async () => {
    const productId = await simpleProduct(payload, 5, 60_000)
    const orders = await orderCount(payload)
    const refused = await placeOrder(payload, orderInput([{ productId, count: 1 }], { paymentMethod: 'cycle_to_work', certificate: certificate(100_000) }))
    expect(refused).toMatchObject({ ok: false, status: 422, code: 'certificate_refused', shortfallPence: 40_000, message: expect.stringMatching(/add £400 more of eligible goods/) })
    expect(await orderCount(payload)).toBe(orders)
    expect(await stockOf(payload, productId)).toBe(5)
  })

  it('staff refuse it: cancelled, the stock back once, the card balance refunded, the customer told', async () => {
    const before = sent.length
    const o = await certificateOrder(100_000)
    const waiting = await order(o.orderId)
    const refused = await Promise.all([refuseCertificate(payload, waiting, 'already redeemed elsewhere', staff, { email }), refuseCertificate(payload, waiting, 'already redeemed elsewhere', staff, { email })])
    expect(refused.filter((r) => r.changed)).toHaveLength(1)
    const ended = await order(o.orderId)
    expect(ended).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, certificate: { status: 'refused' }, payment: { refundedPence: 20_000 } })
    expect(await stockOf(payload, o.productId)).toBe(5)
    expect(await gateway.findSession(payload, waiting.payment!.reference!)).toMatchObject({ refundedPence: 20_000 })
    expect(sent.slice(before).map((m) => m.tag)).toEqual(['order-certificate-submitted', 'order-certificate-refused'])
    // Confirming afterwards changes nothing.
    expect(await confirmCertificate(payload, ended, staff, { email })).toMatchObject({ changed: false })
  })

  it('a card balance not refunded when its order ended (the provider down, or a crash between) is refunded by the next hold pass, once', async () => {
    const o = await certificateOrder(100_000)
    const waiting = await order(o.orderId)
    const down = { ...gateway.provider, refund: async () => { throw new Error('the payment service is down') } }
    expect(await refuseCertificate(payload, waiting, 'already redeemed elsewhere', staff, { email, provider: down })).toMatchObject({ changed: true })
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', payment: { refundedPence: 0 } })
    await Promise.all([releaseExpiredHolds(payload, new Date(), { email }), releaseExpiredHolds(payload, new Date(), { email })])
    await releaseExpiredHolds(payload, new Date(), { email })
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', payment: { refundedPence: 20_000 } })
    expect(await gateway.findSession(payload, waiting.payment!.reference!)).toMatchObject({ refundedPence: 20_000 })
  })

  it('nobody confirms it in time: the hold lapses, cancelled, the stock back once, the card balance refunded', async () => {
    const o = await certificateOrder(100_000)
    const later = new Date(Date.now() + 121 * 3_600_000)
    expect(await releaseExpiredHolds(payload, new Date(Date.now() + 3_600_000), { email })).toBe(0)
    await Promise.all([releaseExpiredHolds(payload, later, { email }), releaseExpiredHolds(payload, later, { email })])
    const ended = await order(o.orderId)
    expect(ended).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, certificate: { status: 'lapsed' }, payment: { refundedPence: 20_000 } })
    expect(ended.history?.filter((h) => h.from === 'awaiting_payment' && h.to === 'cancelled')).toHaveLength(1)
    expect(await stockOf(payload, o.productId)).toBe(5)
  })

  it('a certificate that covers everything: no card step, held for staff at once', async () => {
    const o = await certificateOrder(120_000)
    expect(o.url).toBe(`/payment-success?order=${o.orderNumber}`)
    expect(await order(o.orderId)).toMatchObject({ status: 'awaiting_payment', stock: { state: 'held' }, payment: { reference: null }, certificate: { status: 'submitted' } })
    await confirmCertificate(payload, await order(o.orderId), staff, { email })
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
  })

  it('a return of a confirmed order: the card gets its balance back, the certificate goes back through the scheme, never to the customer', async () => {
    const o = await certificateOrder(100_000)
    await confirmCertificate(payload, await order(o.orderId), staff, { email })
    const paid = await order(o.orderId)
    // One unit back (£600): the card's £200 first, then £400 of the certificate's value through the scheme.
    const first = await requestRefund(payload, { orderId: o.orderId, returnId: null, lines: [], amountPence: 60_000, paidPence: 120_000, key: `c2w-return-1-${o.orderNumber}` }, { provider: gateway.provider, email })
    expect(first).toMatchObject({ ok: true, refund: { state: 'succeeded' } })
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', payment: { refundedPence: 60_000 }, certificate: { status: 'returned_to_scheme', returnedPence: 40_000 } })
    expect(await gateway.findSession(payload, paid.payment!.reference!)).toMatchObject({ refundedPence: 20_000 })
    // The rest: all of it through the scheme; the order is refunded in full, the card never gets more than it paid.
    const second = await requestRefund(payload, { orderId: o.orderId, returnId: null, lines: [], amountPence: 60_000, paidPence: 120_000, key: `c2w-return-2-${o.orderNumber}` }, { provider: gateway.provider, email })
    expect(second).toMatchObject({ ok: true, refund: { state: 'succeeded' } })
    const refunded = await order(o.orderId)
    expect(refunded).toMatchObject({ status: 'refunded', payment: { refundedPence: 120_000 }, certificate: { status: 'returned_to_scheme', returnedPence: 100_000 } })
    expect(await gateway.findSession(payload, paid.payment!.reference!)).toMatchObject({ refundedPence: 20_000 })
    expect(refunded.history?.some((h) => /handed back through Cyclescheme; no money goes to the customer/.test(h.note ?? ''))).toBe(true)
  })
})
