// The admin order page's endpoints on a real database (SQLite and PostgreSQL), called as Payload calls them: the page's
// facts; a status move that emails the customer once and is refused once the order has moved on; part of the payment
// refunded once for one key even when asked ten times at once, never above what was paid, never for a finance
// order; everyone but staff refused before anything is read.
import type { Endpoint, Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestGateway, TEST_GATEWAY_WEBHOOK_PATH, type TestGateway } from '../../src/adapters/payments/test-gateway.server'
import { execute, withDatabaseLock } from '../../src/cms/sql.server'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import type { Order, User } from '../../src/payload-types'
import { fileOutbox } from './outbox'
import { memoryEmail, orderInput, simpleProduct } from './order-fixtures'
import { testPayload } from './payload'

vi.mock('server-only', () => ({}))
const SECRET = 'int-test-gateway-secret-0123456789abcdef'
process.env.TEST_GATEWAY_WEBHOOK_SECRET = SECRET
// An outbox of this file's own (order ids start at 1 in every test database, and emails are keyed by them).
const outbox = fileOutbox('order-page')

let payload: Payload
let gateway: TestGateway
let staff: User & { collection: 'users' }
let customer: User & { collection: 'users' }
const { email } = memoryEmail()
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload()
  gateway = createTestGateway(payload, {
    database: { execute, withDatabaseLock },
    secret: SECRET,
    webhookUrl: `http://shop.invalid${TEST_GATEWAY_WEBHOOK_PATH}`,
    fetch: (async (_url: string, init: RequestInit) => handlePaymentWebhook(payload, gateway.provider, String(init.body), new Headers(init.headers as Record<string, string>), { email })) as typeof fetch,
  })
  const user = async (role: 'staff' | 'customer') =>
    ({ ...(await payload.create({ collection: 'users', overrideAccess: true, data: { email: `${role}-${Date.now()}@int.test`, password: 'a-long-test-password-123', role, firstName: 'Int', lastName: role } as never })), collection: 'users' as const }) as User & { collection: 'users' }
  staff = await user('staff')
  customer = await user('customer')
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
  outbox.remove()
})

const endpoint = (collection: 'orders' | 'refunds', path: string): Endpoint => (payload.collections[collection].config.endpoints as Endpoint[]).find((e) => e.path === path)!

/** Calls one of the collection's endpoints as Payload's REST handler would: a Request with the user and route on it. */
async function call(collection: 'orders' | 'refunds', path: string, id: number | string, user: unknown, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const e = endpoint(collection, path)
  const request = new Request(`http://localhost/api/${collection}/${id}`, body === undefined ? { method: e.method.toUpperCase() } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  const res = await e.handler(Object.assign(request, { payload, user, routeParams: { id: String(id) } }) as never)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const view = (id: number, user: unknown = staff) => call('orders', '/:id/staff-view', id, user)
const move = (id: number, from: string, to: string, user: unknown = staff) => call('orders', '/:id/status', id, user, { from, to })
const refund = (id: number, body: unknown, user: unknown = staff) => call('refunds', '/orders/:id', id, user, body)
const order = (id: number): Promise<Order> => payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })
const refundsOf = async (id: number) => (await payload.find({ collection: 'refunds', where: { order: { equals: id } }, overrideAccess: true, depth: 0 })).docs
const runJobs = () => payload.jobs.run({ limit: 100, overrideAccess: true, silent: true } as Parameters<Payload['jobs']['run']>[0])

async function gatewayRefunded(orderNumber: string): Promise<number> {
  const { rows } = await execute(payload, null, { sql: `SELECT refunded_pence FROM test_gateway_payments WHERE order_reference = ? AND status = 'succeeded'`, args: [orderNumber] })
  return rows.reduce((sum, r) => sum + Number(r.refunded_pence ?? 0), 0)
}

/** A card order of one £45 item, paid through the test gateway. */
async function paidOrder(): Promise<Order> {
  const productId = await simpleProduct(payload, 5, 4500)
  const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const url = await paymentUrlFor(payload, await order(placed.orderId), gateway.provider)
  expect(await gateway.submitCard(url.split('/').pop()!, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Rider' })).toMatchObject({ kind: 'done' })
  const o = await order(placed.orderId)
  expect(o.status).toBe('paid')
  return o
}

describe(`the admin order page on ${db}`, () => {
  it('shows the order’s facts and the moves its state allows, newest history first', async () => {
    const o = await paidOrder()
    const { status, body } = await view(o.id)
    expect(status).toBe(200)
    const v = body.view as Record<string, unknown>
    expect(v).toMatchObject({ orderNumber: o.orderNumber, status: 'paid', totals: { totalPence: o.totalPence }, customer: { email: o.email }, partRefund: { leftPence: o.totalPence, refusal: null } })
    expect((v.steps as { label: string }[]).map((s) => s.label)).toEqual(['Mark processing', 'Mark ready for collection', 'Mark dispatched', 'Refund in full'])
    const history = v.history as { at: string }[]
    expect(history.map((h) => h.at)).toEqual([...history.map((h) => h.at)].sort().reverse())
  })

  it('refuses everyone but staff before reading anything', async () => {
    const o = await paidOrder()
    expect((await view(o.id, customer)).status).toBe(403)
    expect((await view(o.id, null)).status).toBe(403)
    expect((await move(o.id, 'paid', 'ready_for_collection', customer)).status).toBe(403)
    expect((await refund(o.id, { amountPence: 1000, reason: 'Goodwill', key: 'customer-try-0001' }, customer)).status).toBe(403)
    expect(await order(o.id)).toMatchObject({ status: 'paid' })
    expect(await refundsOf(o.id)).toHaveLength(0)
    expect((await view(999_999)).status).toBe(404)
  })

  it('a move to ready for collection emails the customer once; the same click again finds the order moved on', async () => {
    const o = await paidOrder()
    const first = await move(o.id, 'paid', 'ready_for_collection')
    expect(first).toMatchObject({ status: 200, body: { ok: true, orderStatus: 'ready_for_collection' } })
    const again = await move(o.id, 'paid', 'ready_for_collection')
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/now Ready for collection/)
    await runJobs()
    const mail = (await outbox.read()).filter((m) => m.to === o.email)
    expect(mail.map((m) => m.subject)).toEqual([`Your Wheelhouse order ${o.orderNumber} is ready to collect`])
    const latest = await order(o.id)
    expect(latest.history?.at(-1)).toMatchObject({ from: 'paid', to: 'ready_for_collection', by: staff.id })
  })

  it('refuses a move the state table does not allow, and a body it does not understand, changing nothing', async () => {
    const o = await paidOrder()
    expect((await move(o.id, 'paid', 'cancelled')).status).toBe(409)
    expect((await move(o.id, 'paid', 'shipped')).status).toBe(400)
    expect((await call('orders', '/:id/status', o.id, staff, '{"from":')).status).toBe(400)
    expect(await order(o.id)).toMatchObject({ status: 'paid' })
  })

  it('refunds £10 once, even asked ten times at once with one key; its history says why', async () => {
    const o = await paidOrder()
    const ask = { amountPence: 1000, reason: 'Scratch on the box', key: 'same-key-0000001' }
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(o.id, ask)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(answers[0]!.body).toMatchObject({ ok: true, amountPence: 1000, state: 'succeeded' })
    const rows = await refundsOf(o.id)
    expect(rows.map((r) => [r.amountPence, r.state, r.return ?? null])).toEqual([[1000, 'succeeded', null]])
    expect(await gatewayRefunded(o.orderNumber)).toBe(1000)
    const after = await order(o.id)
    expect(after).toMatchObject({ status: 'paid', payment: { refundedPence: 1000 } })
    expect(after.history?.some((h) => /Part refund of £10 .*Scratch on the box/.test(h.note ?? ''))).toBe(true)
    expect(((await view(o.id)).body.view as { partRefund: { leftPence: number } }).partRefund.leftPence).toBe(o.totalPence - 1000)
    // The same key with another amount is not a second refund.
    expect((await refund(o.id, { ...ask, amountPence: 2000 })).status).toBe(409)
    // Its credit note follows the refund, as a return's does.
    await runJobs()
    const notes = await payload.find({ collection: 'invoices', where: { and: [{ order: { equals: o.id } }, { kind: { equals: 'credit-note' } }] }, overrideAccess: true, depth: 0 })
    expect(notes.docs.map((d) => d.totalPence)).toEqual([1000])
    expect((notes.docs[0]!.document as { reason?: string }).reason).toBe('Part refund')
  })

  it('refuses more than was paid, a bad amount, and a finance order, refunding nothing', async () => {
    const o = await paidOrder()
    const over = await refund(o.id, { amountPence: o.totalPence + 1, reason: 'Too much', key: 'over-refund-0001' })
    expect(over.status).toBe(409)
    expect(over.body.message).toMatch(/more than is left/)
    expect((await refund(o.id, { amountPence: 10.5, reason: 'Half pence', key: 'bad-amount-0001' })).status).toBe(400)
    expect((await refund(o.id, { amountPence: 1000, reason: '', key: 'no-reason-00001' })).status).toBe(400)
    expect(await refundsOf(o.id)).toHaveLength(0)
    // Two refunds that together pass what was paid: the second is refused.
    expect((await refund(o.id, { amountPence: o.totalPence - 500, reason: 'Most of it', key: 'most-of-it-0001' })).status).toBe(200)
    expect((await refund(o.id, { amountPence: 501, reason: 'A little more', key: 'the-rest-00001' })).status).toBe(409)
    expect(await gatewayRefunded(o.orderNumber)).toBe(o.totalPence - 500)
    await payload.update({ collection: 'orders', id: o.id, overrideAccess: true, context: { orderLifecycle: true }, data: { kind: 'finance' } })
    const finance = await refund(o.id, { amountPence: 100, reason: 'Finance', key: 'finance-key-0001' })
    expect(finance.status).toBe(409)
    expect(finance.body.message).toMatch(/lender/)
  })
})
