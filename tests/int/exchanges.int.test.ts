// Exchanges on a real database (SQLite and PostgreSQL): one unit of a delivered jacket swapped for another size.
// The replacement is its own order paid by the old unit's value, its unit held for the customer at once; the old
// unit goes back on the shelf only when staff receive it; settling gives back the old unit's full value on a credit
// note, of which only what the replacement did not use reaches the card. A dearer size waits for the difference by
// card; a cheaper one refunds it. The same exchange sent ten times at once makes one return and one replacement.
import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { customerCancel, customerExchange } from '../../src/features/returns/customer-cancel.server'
import { cancellationChoices } from '../../src/features/returns/cancellation-choices.server'
import { createExchangeOrder } from '../../src/features/returns/exchanges.server'
import { receiveReturn, refundReturn, rejectReturn } from '../../src/features/returns/returns.server'
import type { Order } from '../../src/payload-types'
import { orderById, orderInput, returnByNumber, simpleProduct, sizedProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { gateway, gatewayRefunded as refundedAt, withConnectedGateway } from './test-gateway'

const staff = { actor: 'staff@int.test' }

const { sent, email } = withConnectedGateway()

const deps = () => ({ provider: gateway.provider, email })
const order = (id: number) => orderById(payload, id)
const theReturn = (returnNumber: string) => returnByNumber(payload, returnNumber)
const idOf = (v: unknown) => (v == null ? null : typeof v === 'object' ? (v as { id: number }).id : Number(v))
const runJobs = () => payload.jobs.run({ limit: 100, overrideAccess: true, silent: true } as Parameters<Payload['jobs']['run']>[0])

const gatewayRefunded = (orderNumber: string) => refundedAt(payload, orderNumber)

async function pay(o: Order): Promise<void> {
  const url = await paymentUrlFor(payload, o, gateway.provider)
  expect(await gateway.submitCard(url.split('/').pop()!, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Rider' })).toMatchObject({ kind: 'done' })
}

/** A delivered card order of a jacket in size M (and a lock), with sizes L and XL priced `prices`. */
async function deliveredJacket(prices: { m: number; l: number; xl: number }) {
  const jacket = await sizedProduct(payload, [{ size: 'M', pricePence: prices.m, stock: 3 }, { size: 'L', pricePence: prices.l, stock: 3 }, { size: 'XL', pricePence: prices.xl, stock: 0 }])
  const lock = await simpleProduct(payload, 5, 2500)
  const placed = await placeOrder(payload, orderInput([{ productId: jacket.productId, variantId: jacket.variantIds[0]!, count: 1 }, { productId: lock, count: 1 }]))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  await pay(await order(placed.orderId))
  await payload.update({ collection: 'orders', id: placed.orderId, overrideAccess: true, data: { status: 'dispatched' } })
  await payload.update({ collection: 'orders', id: placed.orderId, overrideAccess: true, data: { status: 'completed' } })
  const o = await order(placed.orderId)
  return { o, jacket, line: o.lines.find((l) => idOf(l.variant) === jacket.variantIds[0])!, lock }
}

const ask = (o: Order, lineId: string, toVariantId: number) => ({ orderNumber: o.orderNumber, email: o.email, lineId, toVariantId, reason: 'Too small', returnMethod: 'post' as const })

describe(`exchanges on ${db}`, () => {
  it('the same price: a paid replacement holds its unit at once; the old comes back on receipt; settling credits it all and refunds nothing', async () => {
    const { o, jacket, line } = await deliveredJacket({ m: 12_999, l: 12_999, xl: 12_999 })
    const [m, l] = jacket.variantIds as [number, number]
    const choices = await cancellationChoices(payload, o)
    expect(choices.lines.find((x) => x.lineId === line.id)?.exchangeFor).toEqual([{ variantId: l, title: expect.stringContaining('L'), pricePence: 12_999 }])
    const before = sent.length
    const done = await customerExchange(payload, ask(o, line.id!, l), null, deps())
    expect(done).toMatchObject({ ok: true, toPayPence: 0, refundPence: 0 })
    if (!done.ok) return
    const replacement = done.replacement!
    expect(replacement).toMatchObject({ status: 'paid', totalPence: 0, exchangeCreditPence: 12_999, payment: { provider: 'exchange credit' } })
    expect(replacement.lines.map((x) => [idOf(x.variant), x.lineTotalPence])).toEqual([[l, 12_999]])
    expect(await stockOf(payload, jacket.productId, l)).toBe(2)
    expect(await stockOf(payload, jacket.productId, m)).toBe(2)
    const r = await theReturn(done.returnNumber)
    expect(r).toMatchObject({ ground: 'exchange', state: 'requested', goodsDelivered: true })
    expect(idOf(r.exchangeOrder)).toBe(replacement.id)
    expect(sent.slice(before).map((s) => s.subject)).toEqual([`Your exchange ${done.returnNumber} for order ${o.orderNumber}`])
    expect(sent.at(-1)!.text).toContain(`sent as order ${replacement.orderNumber}`)

    expect(await receiveReturn(payload, r.id, staff, deps())).toEqual({ ok: true })
    expect(await stockOf(payload, jacket.productId, m)).toBe(3)
    const settled = await refundReturn(payload, r.id, null, staff, deps())
    expect(settled).toMatchObject({ ok: true, refundPence: 12_999, state: 'succeeded' })
    expect(await gatewayRefunded(o.orderNumber)).toBe(0)
    const after = await order(o.id)
    expect(after.status).toBe('completed')
    expect(after.payment?.refundedPence ?? 0).toBe(0)
    expect(await theReturn(done.returnNumber)).toMatchObject({ state: 'refunded', refundPence: 12_999 })
    const refunds = await payload.find({ collection: 'refunds', where: { order: { equals: o.id } }, depth: 0, overrideAccess: true })
    expect(refunds.docs.map((x) => [x.amountPence, x.creditPence, x.state])).toEqual([[12_999, 12_999, 'succeeded']])
    expect(sent.at(-1)!.subject).toBe(`Your exchange ${done.returnNumber} is settled`)

    // The documents: the replacement's invoice charges the new size; the old order's credit note gives back the old one.
    await runJobs()
    const docs = await payload.find({ collection: 'invoices', where: { order: { in: [o.id, replacement.id] } }, depth: 0, overrideAccess: true, sort: 'id' })
    const byOrder = (id: number, kind: string) => docs.docs.filter((d) => idOf(d.order) === id && d.kind === kind).map((d) => (d.document as { grossPence: number }).grossPence)
    expect(byOrder(replacement.id, 'invoice')).toEqual([12_999])
    expect(byOrder(o.id, 'credit-note')).toEqual([12_999])
    // The job run again changes nothing.
    expect(await createExchangeOrder(payload, done.returnNumber)).toMatch(/already made/)
  })

  it('a cheaper size: the difference goes back to the card once the old one is received', async () => {
    const { o, jacket, line } = await deliveredJacket({ m: 12_999, l: 9_999, xl: 9_999 })
    const done = await customerExchange(payload, ask(o, line.id!, jacket.variantIds[1]!), null, deps())
    expect(done).toMatchObject({ ok: true, toPayPence: 0, refundPence: 3_000 })
    if (!done.ok) return
    expect(done.replacement).toMatchObject({ status: 'paid', totalPence: 0, exchangeCreditPence: 9_999 })
    const r = await theReturn(done.returnNumber)
    // Before the goods are back the exchange cannot be settled.
    expect(await refundReturn(payload, r.id, null, staff, deps())).toMatchObject({ ok: false, status: 409 })
    await receiveReturn(payload, r.id, staff, deps())
    // A deduction may take only what would go to the card.
    expect(await refundReturn(payload, r.id, { pence: 3_001, reason: 'worn' }, staff, deps())).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/at most £30/) })
    expect(await refundReturn(payload, r.id, { pence: 1_000, reason: 'tags removed' }, staff, deps())).toMatchObject({ ok: true, refundPence: 11_999 })
    expect(await gatewayRefunded(o.orderNumber)).toBe(2_000)
    expect((await order(o.id)).payment?.refundedPence).toBe(2_000)
  })

  it('a dearer size waits for the difference by card; it is settled once paid, and refunds of the replacement go back to the cards that paid', async () => {
    const { o, jacket, line } = await deliveredJacket({ m: 12_999, l: 14_999, xl: 14_999 })
    const done = await customerExchange(payload, ask(o, line.id!, jacket.variantIds[1]!), null, deps())
    expect(done).toMatchObject({ ok: true, toPayPence: 2_000, refundPence: 0 })
    if (!done.ok) return
    const replacement = done.replacement!
    expect(replacement).toMatchObject({ status: 'awaiting_payment', totalPence: 2_000, exchangeCreditPence: 12_999, stock: { state: 'held' } })
    const r = await theReturn(done.returnNumber)
    await receiveReturn(payload, r.id, staff, deps())
    expect(await refundReturn(payload, r.id, null, staff, deps())).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/waiting for its card payment/) })
    await pay(replacement)
    expect((await order(replacement.id)).status).toBe('paid')
    expect(await refundReturn(payload, r.id, null, staff, deps())).toMatchObject({ ok: true, refundPence: 12_999 })
    expect(await gatewayRefunded(o.orderNumber)).toBe(0)
  })

  it('a replacement paid by the credit alone, cancelled before it is sent, refunds the card that paid the first order', async () => {
    const { o, jacket, line } = await deliveredJacket({ m: 12_999, l: 12_999, xl: 12_999 })
    const done = await customerExchange(payload, ask(o, line.id!, jacket.variantIds[1]!), null, deps())
    if (!done.ok) throw new Error(done.message)
    const r = await theReturn(done.returnNumber)
    await receiveReturn(payload, r.id, staff, deps())
    await refundReturn(payload, r.id, null, staff, deps())
    const replacement = done.replacement!
    const cancelled = await customerCancel(payload, { orderNumber: replacement.orderNumber, email: replacement.email, lines: [{ lineId: replacement.lines[0]!.id!, count: 1 }], reason: 'Changed my mind', returnMethod: 'post' }, null, deps())
    expect(cancelled).toMatchObject({ ok: true, mode: 'cancel-now', refundPence: 12_999 })
    expect(await gatewayRefunded(o.orderNumber)).toBe(12_999)
    expect(await stockOf(payload, jacket.productId, jacket.variantIds[1]!)).toBe(3)
  })

  it('a rejected exchange (the old one never came back) cancels its unsent replacement and puts its unit back, once', async () => {
    const { o, jacket, line } = await deliveredJacket({ m: 12_999, l: 12_999, xl: 12_999 })
    const done = await customerExchange(payload, ask(o, line.id!, jacket.variantIds[1]!), null, deps())
    if (!done.ok) throw new Error(done.message)
    expect(await stockOf(payload, jacket.productId, jacket.variantIds[1]!)).toBe(2)
    const r = await theReturn(done.returnNumber)
    expect(await rejectReturn(payload, r.id, 'Nothing came back within 14 days', staff, deps())).toEqual({ ok: true })
    expect(await rejectReturn(payload, r.id, 'Nothing came back within 14 days', staff, deps())).toMatchObject({ ok: false, status: 409 })
    expect(await order(done.replacement!.id)).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await stockOf(payload, jacket.productId, jacket.variantIds[1]!)).toBe(3)
    expect(await gatewayRefunded(o.orderNumber)).toBe(0)
  })

  it('refuses the same size, another product, a size out of stock and a finance order, changing nothing', async () => {
    const { o, jacket, line, lock } = await deliveredJacket({ m: 12_999, l: 12_999, xl: 12_999 })
    const other = await sizedProduct(payload, [{ size: 'S', pricePence: 5_000, stock: 2 }])
    const returnsBefore = (await payload.count({ collection: 'returns', where: { order: { equals: o.id } }, overrideAccess: true })).totalDocs
    expect(await customerExchange(payload, ask(o, line.id!, jacket.variantIds[0]!), null, deps())).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/different size or colour/) })
    expect(await customerExchange(payload, ask(o, line.id!, other.variantIds[0]!), null, deps())).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/same product/) })
    expect(await customerExchange(payload, ask(o, line.id!, jacket.variantIds[2]!), null, deps())).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/out of stock/) })
    const lockLine = o.lines.find((x) => idOf(x.product) === lock)!
    expect(await customerExchange(payload, ask(o, lockLine.id!, jacket.variantIds[1]!), null, deps())).toMatchObject({ ok: false, status: 409 })
    expect(await customerExchange(payload, { ...ask(o, line.id!, jacket.variantIds[1]!), email: 'someone.else@example.com' }, null, deps())).toMatchObject({ ok: false, status: 404 })
    expect((await payload.count({ collection: 'returns', where: { order: { equals: o.id } }, overrideAccess: true })).totalDocs).toBe(returnsBefore)
    expect(await stockOf(payload, jacket.productId, jacket.variantIds[1]!)).toBe(3)
  })

  it('the same exchange sent ten times at once makes one return and one replacement, taking one unit', async () => {
    const { o, jacket, line } = await deliveredJacket({ m: 12_999, l: 12_999, xl: 12_999 })
    const answers = await Promise.all(Array.from({ length: 10 }, () => customerExchange(payload, ask(o, line.id!, jacket.variantIds[1]!), null, deps())))
    expect(answers.filter((a) => a.ok)).toHaveLength(1)
    for (const a of answers.filter((x) => !x.ok)) expect(a).toMatchObject({ ok: false, status: 409 })
    const returns = await payload.find({ collection: 'returns', where: { order: { equals: o.id } }, depth: 0, overrideAccess: true })
    expect(returns.docs).toHaveLength(1)
    const replacements = await payload.count({ collection: 'orders', where: { checkoutKey: { like: `exchange:${o.orderNumber}` } }, overrideAccess: true })
    expect(replacements.totalDocs).toBe(1)
    expect(await stockOf(payload, jacket.productId, jacket.variantIds[1]!)).toBe(2)
  })
})
