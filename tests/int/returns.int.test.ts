// Returns and refunds on a real database (SQLite and PostgreSQL): lines cancelled before dispatch (stock and money
// back at once, the delivery charge with the whole order), a return after delivery (stock back only when received,
// once), refunds by line through the test gateway never above what was paid, the same refund asked ten times at
// once refunding once, and a refund made by the provider but never recorded (the process died) recorded once later.
import { spawnSync } from 'node:child_process'
import { bundleEntry, keepAliveArgs, removeBundle } from '../../scripts/run-ts.mjs'
import { describe, expect, it } from 'vitest'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { customerCancel, customerFault, ORDER_NOT_FOUND } from '../../src/features/returns/customer-cancel.server'
import { requestRefund, sendRefund } from '../../src/features/returns/refunds.server'
import { receiveReturn, refundReturn, rejectReturn } from '../../src/features/returns/returns.server'
import { recordFaultClaim } from '../../src/features/returns/fault-claims.server'
import { orderById, orderInput, returnByNumber, simpleProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { gateway, gatewayRefunded as refundedAt, withConnectedGateway } from './test-gateway'
import { GATEWAY_SECRET } from './secrets'

const staff = { actor: 'staff@int.test' }

const { sent, email } = withConnectedGateway()

const deps = () => ({ provider: gateway.provider, email })
const order = (id: number) => orderById(payload, id)
const theReturn = (returnNumber: string) => returnByNumber(payload, returnNumber)

const gatewayRefunded = (orderNumber: string) => refundedAt(payload, orderNumber)

/** A paid card order of three lines (a jacket, a helmet, a lock), optionally moved on to `status`. */
async function paidOrder(status: 'paid' | 'dispatched' | 'completed', extra: Record<string, unknown> = {}) {
  const products = [await simpleProduct(payload, 5, 12000), await simpleProduct(payload, 5, 8000), await simpleProduct(payload, 5, 2500)]
  const placed = await placeOrder(payload, orderInput(products.map((productId, i) => ({ productId, count: i === 2 ? 2 : 1 })), extra))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const url = await paymentUrlFor(payload, await order(placed.orderId), gateway.provider)
  const paid = await gateway.submitCard(url.split('/').pop()!, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Rider' })
  expect(paid).toMatchObject({ kind: 'done' })
  if (status !== 'paid') await payload.update({ collection: 'orders', id: placed.orderId, overrideAccess: true, data: { status: 'dispatched' } })
  if (status === 'completed') await payload.update({ collection: 'orders', id: placed.orderId, overrideAccess: true, data: { status: 'completed' } })
  const o = await order(placed.orderId)
  expect(o.status).toBe(status)
  return { o, products }
}

describe(`returns and refunds on ${db}`, () => {
  it('a line cancelled before dispatch: its stock back and its price refunded at once, once; the customer emailed', async () => {
    const { o, products } = await paidOrder('paid')
    expect(await stockOf(payload, products[0]!)).toBe(4)
    const before = sent.length
    const line = o.lines[0]!
    const done = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: line.id!, count: 1 }], reason: 'Ordered the wrong size', returnMethod: 'post' }, null, deps())
    expect(done).toMatchObject({ ok: true, mode: 'cancel-now', refundPence: 12000 })
    if (!done.ok) return
    expect(await stockOf(payload, products[0]!)).toBe(5)
    expect(await stockOf(payload, products[1]!)).toBe(4)
    expect(await gatewayRefunded(o.orderNumber)).toBe(12000)
    expect(await order(o.id)).toMatchObject({ status: 'paid', payment: { refundedPence: 12000 } })
    expect(await theReturn(done.returnNumber)).toMatchObject({ state: 'refunded', refundPence: 12000, goodsDelivered: false })
    expect(sent.slice(before).map((m) => m.tag)).toEqual(expect.arrayContaining(['return-cancelled', 'return-refunded']))
    // The same line again: nothing left to cancel, nothing moves.
    const again = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: line.id!, count: 1 }], reason: 'again', returnMethod: 'post' }, null, deps())
    expect(again).toMatchObject({ ok: false, status: 409 })
    expect(await stockOf(payload, products[0]!)).toBe(5)
    expect(await gatewayRefunded(o.orderNumber)).toBe(12000)
  })

  it('the whole order cancelled before dispatch refunds the standard delivery charge too', async () => {
    const { o } = await paidOrder('paid', { deliveryMethod: 'flat_rate' })
    expect(o.delivery.feePence).toBeGreaterThan(0)
    const done = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: o.lines.map((l) => ({ lineId: l.id!, count: l.count })), reason: 'Changed my mind', returnMethod: 'post' }, null, deps())
    expect(done).toMatchObject({ ok: true, refundPence: o.totalPence })
    expect(await gatewayRefunded(o.orderNumber)).toBe(o.totalPence)
    // Everything paid is back: the order is refunded, with one history entry saying so, and its stock left as the return put it.
    const after = await order(o.id)
    expect(after).toMatchObject({ status: 'refunded', payment: { refundedPence: o.totalPence } })
    expect(after.history?.filter((h) => h.to === 'refunded')).toHaveLength(1)
    expect(after.history?.at(-1)?.note).toMatch(/Everything paid \(£[\d,.]+\) has now been refunded/)
  })

  it('an order refunded only in part keeps its status', async () => {
    const { o } = await paidOrder('paid')
    const line = o.lines[2]!
    const done = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: line.id!, count: 1 }], reason: 'One lock is enough', returnMethod: 'post' }, null, deps())
    expect(done).toMatchObject({ ok: true, refundPence: 2500 })
    expect(await order(o.id)).toMatchObject({ status: 'paid', payment: { refundedPence: 2500 } })
  })

  it('after delivery: a return with instructions; stock back only when received, once; the refund equals the line', async () => {
    const { o, products } = await paidOrder('completed')
    const before = sent.length
    const line = o.lines[1]!
    const done = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: line.id!, count: 1 }], reason: 'Too tight', returnMethod: 'post' }, null, deps())
    expect(done).toMatchObject({ ok: true, mode: 'return', refundPence: 8000 })
    if (!done.ok) return
    const r = await theReturn(done.returnNumber)
    expect(r).toMatchObject({ state: 'requested', goodsDelivered: true, returnMethod: 'post' })
    expect(sent.slice(before).find((m) => m.tag === 'return-requested')?.text).toMatch(/post them to .*quoting/)
    expect(await stockOf(payload, products[1]!)).toBe(4)
    // No refund before the goods (or proof of posting) are back.
    expect(await refundReturn(payload, r.id, null, staff, deps())).toMatchObject({ ok: false, status: 409 })
    const received = await Promise.all(Array.from({ length: 5 }, () => receiveReturn(payload, r.id, staff, deps())))
    expect(received.filter((x) => x.ok)).toHaveLength(1)
    expect(await stockOf(payload, products[1]!)).toBe(5)
    expect((await theReturn(done.returnNumber)).refundDueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const refunds = await Promise.all(Array.from({ length: 10 }, () => refundReturn(payload, r.id, null, staff, deps())))
    expect(refunds.every((x) => x.ok)).toBe(true)
    expect(await gatewayRefunded(o.orderNumber)).toBe(8000)
    expect((await payload.find({ collection: 'refunds', where: { order: { equals: o.id } }, overrideAccess: true })).totalDocs).toBe(1)
    expect(await theReturn(done.returnNumber)).toMatchObject({ state: 'refunded', refundPence: 8000 })
    expect(await order(o.id)).toMatchObject({ status: 'completed', payment: { refundedPence: 8000 } })
    expect(sent.slice(before).map((m) => m.tag).sort()).toEqual(['return-received', 'return-refunded', 'return-requested'])
  })

  it('a deduction for lost value is taken off with its reason; a rejected return gives nothing back', async () => {
    const { o } = await paidOrder('completed')
    const a = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: o.lines[0]!.id!, count: 1 }], reason: 'Not for me', returnMethod: 'dealer' }, null, deps())
    if (!a.ok) throw new Error(a.message)
    const r = await theReturn(a.returnNumber)
    await receiveReturn(payload, r.id, staff, deps())
    expect(await refundReturn(payload, r.id, { pence: 1500, reason: '' }, staff, deps())).toMatchObject({ ok: false, status: 400 })
    expect(await refundReturn(payload, r.id, { pence: 1500, reason: 'Worn outdoors: mud on the cuffs' }, staff, deps())).toMatchObject({ ok: true, refundPence: 10500 })
    expect(await theReturn(a.returnNumber)).toMatchObject({ state: 'refunded', deductionPence: 1500, deductionReason: 'Worn outdoors: mud on the cuffs', refundPence: 10500 })
    const b = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: o.lines[2]!.id!, count: 1 }], reason: 'Spare', returnMethod: 'post' }, null, deps())
    if (!b.ok) throw new Error(b.message)
    expect(await rejectReturn(payload, (await theReturn(b.returnNumber)).id, 'Never sent back', staff, deps())).toEqual({ ok: true })
    expect(await theReturn(b.returnNumber)).toMatchObject({ state: 'rejected' })
    expect(await gatewayRefunded(o.orderNumber)).toBe(10500)
  })

  it('the same refund ten times at once refunds once; never more than was paid', async () => {
    const { o } = await paidOrder('paid')
    const ask = { orderId: o.id, returnId: null, lines: [], amountPence: 1234, paidPence: o.totalPence, key: `int-same-${o.orderNumber}` }
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestRefund(payload, ask, deps())))
    expect(answers.every((a) => a.ok)).toBe(true)
    expect(answers.filter((a) => a.ok && a.created)).toHaveLength(1)
    expect(await gatewayRefunded(o.orderNumber)).toBe(1234)
    expect((await order(o.id)).payment?.refundedPence).toBe(1234)
    const over = await requestRefund(payload, { ...ask, amountPence: o.totalPence, key: `int-over-${o.orderNumber}` }, deps())
    expect(over).toMatchObject({ ok: false, status: 409 })
    // Many different refunds at once: together never more than was paid.
    const parts = await Promise.all(Array.from({ length: 10 }, (_, i) => requestRefund(payload, { ...ask, amountPence: Math.floor(o.totalPence / 4), key: `int-part-${i}-${o.orderNumber}` }, deps())))
    expect(parts.filter((p) => p.ok)).toHaveLength(3)
    expect(await gatewayRefunded(o.orderNumber)).toBe(1234 + 3 * Math.floor(o.totalPence / 4))
    expect(await gatewayRefunded(o.orderNumber)).toBeLessThanOrEqual(o.totalPence)
  })

  it('refunds under different keys made while the last one\'s webhook is delivered all stay counted by the gateway', async () => {
    // Each refund's webhook goes out in the background; a delivery that wrote the payment's row back as it had read it
    // would undo a refund made in between (one round in three lost one this way). Several rounds, 20 ms apart, so the
    // deliveries overlap the next refunds.
    for (let round = 0; round < 8; round++) {
      const { o } = await paidOrder('paid')
      const made = await Promise.all(Array.from({ length: 5 }, (_, k) => new Promise((resolve) => setTimeout(resolve, k * 20)).then(() => gateway.provider.refund(o.payment!.reference!, 1000, `int-apart-${k}-${o.orderNumber}`))))
      expect(new Set(made.map((m) => m.id)).size).toBe(5)
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(await gatewayRefunded(o.orderNumber)).toBe(5000)
    }
  }, 120_000)

  it('a staff status change made while a refund is recorded keeps the refund on the order, one order or several at once', async () => {
    // Payload's update writes back every column it read: unless it waits for the order's money lock, a refund recorded
    // between its read and its write is undone on the order (its refunded total back to what it was). Odd rounds are
    // the admin's "Edit selected": a bulk update by `where`, of this order and another.
    for (let round = 0; round < 6; round++) {
      const { o } = await paidOrder('paid')
      const other = round % 2 ? (await paidOrder('paid')).o : null
      const ask = { orderId: o.id, returnId: null, lines: [], amountPence: 1500, paidPence: o.totalPence, key: `int-staff-${o.orderNumber}` }
      const dispatch = async (): Promise<void> => {
        if (other) expect((await payload.update({ collection: 'orders', where: { id: { in: [other.id, o.id] } }, overrideAccess: true, data: { status: 'dispatched' } })).errors).toEqual([])
        else await payload.update({ collection: 'orders', id: o.id, overrideAccess: true, data: { status: 'dispatched' } })
      }
      const [refund] = await Promise.all([requestRefund(payload, ask, deps()), new Promise((resolve) => setTimeout(resolve, round * 4)).then(dispatch)])
      if (other) expect(await order(other.id)).toMatchObject({ status: 'dispatched' })
      expect(refund).toMatchObject({ ok: true, created: true, refund: { state: 'succeeded' } })
      expect(await order(o.id)).toMatchObject({ status: 'dispatched', payment: { refundedPence: 1500 } })
    }
  }, 120_000)

  it('an order saved from a form loaded before a refund keeps the refund: what the shop writes is not taken from the form', async () => {
    const { o: loaded } = await paidOrder('paid')
    expect(await requestRefund(payload, { orderId: loaded.id, returnId: null, lines: [], amountPence: 2000, paidPence: loaded.totalPence, key: `int-form-${loaded.orderNumber}` }, deps())).toMatchObject({ ok: true, created: true })
    // The admin's form sends every field back as it loaded them, the money and stock fields included.
    const { id: _id, createdAt: _c, updatedAt: _u, ...form } = loaded
    await payload.update({ collection: 'orders', id: loaded.id, overrideAccess: true, data: { ...form, staffNotes: 'Rang the customer', payment: { ...loaded.payment, refundedPence: 0 }, stock: { ...loaded.stock, state: 'released' } } as never })
    const after = await order(loaded.id)
    expect(after).toMatchObject({ status: 'paid', staffNotes: 'Rang the customer', payment: { refundedPence: 2000, reference: loaded.payment!.reference }, stock: { state: loaded.stock.state } })
    expect(after.history).toHaveLength(loaded.history!.length)
  })

  it('a refund the provider made but the shop never recorded (the process died) is recorded once when the job runs again', async () => {
    const { o } = await paidOrder('paid')
    const ask = { orderId: o.id, returnId: null, lines: [], amountPence: 2500, paidPence: o.totalPence, key: `int-crash-${o.orderNumber}` }
    expect(await requestRefund(payload, ask, { ...deps(), queueOnly: true })).toMatchObject({ ok: true, created: true, refund: { state: 'pending' } })
    // What the dead process did before it died: the provider refunded with the refund's key.
    await gateway.provider.refund(o.payment!.reference!, 2500, ask.key)
    expect(await gatewayRefunded(o.orderNumber)).toBe(2500)
    const runs = await Promise.all([sendRefund(payload, ask.key, deps()), sendRefund(payload, ask.key, deps())])
    expect(runs).toContain('succeeded')
    expect(await sendRefund(payload, ask.key, deps())).toBe('succeeded')
    expect(await gatewayRefunded(o.orderNumber)).toBe(2500)
    expect((await order(o.id)).payment?.refundedPence).toBe(2500)
  })

  it('SIGKILL after the provider refunded and before the shop recorded it: after restart the refund is made and recorded exactly once', async () => {
    const { o } = await paidOrder('paid')
    const key = `int-sigkill-${o.orderNumber}`
    expect(await requestRefund(payload, { orderId: o.id, returnId: null, lines: [], amountPence: 3100, paidPence: o.totalPence, key }, { queueOnly: true })).toMatchObject({ ok: true, created: true })
    // The child runs the shop's code as a process of its own (bundled as scripts/run-ts.mjs does for migrations).
    const bundle = await bundleEntry('tests/int/refund-crash-child.ts')
    const child = spawnSync(process.execPath, keepAliveArgs(bundle, [key]), {
      env: { ...process.env, WHEELHOUSE_CRASH_TESTS: '1', WHEELHOUSE_CRASH_AT: 'refund-made-not-recorded', TEST_GATEWAY_WEBHOOK_SECRET: GATEWAY_SECRET },
      encoding: 'utf8',
      timeout: 240_000,
    })
    removeBundle(bundle)
    expect(child.status, child.stdout + child.stderr).toBeNull()
    expect(child.signal).toBe('SIGKILL')
    // The money left the provider; the shop has not recorded it.
    expect(await gatewayRefunded(o.orderNumber)).toBe(3100)
    expect((await payload.find({ collection: 'refunds', where: { idempotencyKey: { equals: key } }, overrideAccess: true })).docs[0]).toMatchObject({ state: 'pending' })
    // Restart: the job runs again.
    expect(await sendRefund(payload, key, deps())).toBe('succeeded')
    expect(await sendRefund(payload, key, deps())).toBe('succeeded')
    expect(await gatewayRefunded(o.orderNumber)).toBe(3100)
    expect((await order(o.id)).payment?.refundedPence).toBe(3100)
  }, 300_000)

  it('a finance order is cancelled with its lender: stock back, the history says so, nothing refunded to a card', async () => {
    const productId = await simpleProduct(payload, 5, 450000)
    const o = await payload.create({
      collection: 'orders',
      overrideAccess: true,
      data: {
        orderNumber: 'WH-FNC' + String(Date.now() % 1000).padStart(3, '7').replace(/[0125]/g, '3'), kind: 'finance', status: 'processing', financeStatus: 'approved', firstName: 'Ada', lastName: 'Rider', email: 'fin@example.co.uk', phone: '07700900123',
        delivery: { method: 'free', feePence: 0 }, lines: [{ product: productId, name: 'Scooter', unitPricePence: 450000, count: 1, vatRatePercent: 20, lineTotalPence: 450000 }],
        subtotalPence: 450000, vatPence: 75000, totalPence: 450000, stock: { state: 'committed' }, finance: { lenderName: 'Northway Finance' },
      } as never,
    })
    await payload.create({ collection: 'stock-holds', overrideAccess: true, data: { ref: `order:${o.id}`, product: productId, count: 1, state: 'sold' } as never })
    const done = await customerCancel(payload, { orderNumber: o.orderNumber, email: o.email, lines: [{ lineId: o.lines[0]!.id!, count: 1 }], reason: 'Changed my mind', returnMethod: 'post' }, null, deps())
    expect(done).toMatchObject({ ok: true, mode: 'finance', refundPence: 0 })
    if (!done.ok) return
    expect(await stockOf(payload, productId)).toBe(6)
    const r = await theReturn(done.returnNumber)
    expect(r.history?.[0]?.note).toContain('cancelled with the lender Northway Finance, not refunded to a card')
    expect((await payload.find({ collection: 'refunds', where: { order: { equals: o.id } }, overrideAccess: true })).totalDocs).toBe(0)
    expect(await refundReturn(payload, r.id, null, staff, deps())).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('lender') })
    expect(sent.some((m) => m.tag === 'return-finance-cancelled' && m.to === o.email)).toBe(true)
  })

  it('a fault claim records the right that applies from the delivery day: day 20 reject, day 40 repair first', async () => {
    const { o } = await paidOrder('completed')
    const completedAt = new Date(o.history!.find((h) => h.to === 'completed')!.at)
    const day = (n: number) => ({ ...deps(), now: new Date(completedAt.getTime() + n * 86_400_000) })
    const d20 = await recordFaultClaim(payload, o, { lineId: o.lines[0]!.id!, count: 1, description: 'Zip broke' }, { actor: 'customer' }, day(20))
    expect(d20).toMatchObject({ ok: true, remedy: { remedy: 'reject', deductionForUse: false } })
    if (!d20.ok) return
    expect((await theReturn(d20.returnNumber)).faultRemedy).toMatch(/^Day 20 after delivery: short-term right to reject/)
    const d40 = await recordFaultClaim(payload, o, { lineId: o.lines[1]!.id!, count: 1, description: 'Visor cracked' }, { actor: 'customer' }, day(40))
    expect(d40).toMatchObject({ ok: true, remedy: { remedy: 'repair-or-replace', faultPresumed: true, deductionForUseOnFinalReject: false } })
    if (!d40.ok) return
    expect(await theReturn(d40.returnNumber)).toMatchObject({ ground: 'fault', state: 'requested', faultRemedy: expect.stringMatching(/^Day 40 after delivery: repair or replacement first/) })
  })

  it('a customer reports a fault themselves: the owner by email gets the remedy and an email saying it; anyone else the same 404', async () => {
    const { o } = await paidOrder('completed')
    const completedAt = new Date(o.history!.find((h) => h.to === 'completed')!.at)
    const day20 = { ...deps(), now: new Date(completedAt.getTime() + 20 * 86_400_000) }
    const ask = { orderNumber: o.orderNumber, lineId: o.lines[0]!.id!, count: 1, description: 'The zip came apart' }
    const stranger = await customerFault(payload, { ...ask, email: 'someone.else@example.com' }, null, day20)
    expect(stranger).toEqual({ ok: false, status: 404, message: ORDER_NOT_FOUND })
    const before = sent.length
    const reported = await customerFault(payload, { ...ask, email: o.email.toUpperCase() }, null, day20)
    expect(reported).toMatchObject({ ok: true, remedy: { remedy: 'reject' }, explanation: expect.stringMatching(/^Day 20 after delivery: short-term right to reject/) })
    if (!reported.ok) return
    expect(await theReturn(reported.returnNumber)).toMatchObject({ ground: 'fault', state: 'requested', history: [expect.objectContaining({ actor: 'customer (guest)' })] })
    const mail = sent.slice(before).find((m) => m.tag === 'return-requested')!
    expect(mail.subject).toBe(`We have your fault report ${reported.returnNumber}`)
    expect(mail.text).toContain('short-term right to reject')
    expect(mail.text).not.toContain('cancellation')
  })

  it('nobody acts on another customer’s order: a wrong email or another account gets the same 404', async () => {
    const { o, products } = await paidOrder('paid')
    const ask = { orderNumber: o.orderNumber, lines: [{ lineId: o.lines[0]!.id!, count: 1 }], reason: 'mine now', returnMethod: 'post' as const }
    expect(await customerCancel(payload, { ...ask, email: 'someone.else@example.co.uk' }, null, deps())).toMatchObject({ ok: false, status: 404 })
    expect(await customerCancel(payload, ask, 999_999, deps())).toMatchObject({ ok: false, status: 404 })
    expect(await customerCancel(payload, { ...ask, orderNumber: 'WH-000000-0000' }, null, deps())).toMatchObject({ ok: false, status: 404 })
    expect(await stockOf(payload, products[0]!)).toBe(4)
    expect(await gatewayRefunded(o.orderNumber)).toBe(0)
  })
})
