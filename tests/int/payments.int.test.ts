// Payments on a real database: the test gateway end to end (card form → signed webhook → order), webhook
// idempotency and ordering, failures and expiry releasing stock once, late payments, staff cancel and refund.
import { describe, expect, it } from 'vitest'
import { createTestGateway } from '../../src/adapters/payments/test-gateway.server'
import { SIGNATURE_HEADER, signPayload } from '../../src/adapters/payments/webhook-signature'
import { markOrderPaid, releaseExpiredHolds } from '../../src/features/orders/order-lifecycle.server'
import { handlePaymentWebhook } from '../../src/features/orders/payment-webhook.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { execute } from '../../src/cms/sql.server'
import type { Order } from '../../src/payload-types'
import { orderInput, simpleProduct, stockOf } from './order-fixtures'
import { db, payload } from './payload'
import { GATEWAY_SECRET as SECRET } from './secrets'
import { gateway, gatewayDatabase, withConnectedGateway } from './test-gateway'

// The gateway's webhook goes straight into the shop's handler (the same code the route runs).
const { sent, email } = withConnectedGateway()

async function order(id: number): Promise<Order> {
  return payload.findByID({ collection: 'orders', id, overrideAccess: true, depth: 0 })
}

async function placeCardOrder(stock = 5, count = 1, extra = {}) {
  const productId = await simpleProduct(payload, stock, 2500)
  const result = await placeOrder(payload, orderInput([{ productId, count }], extra))
  if (!result.ok) throw new Error(`order refused: ${result.message}`)
  const placed = await order(result.orderId)
  const url = await paymentUrlFor(payload, placed, gateway.provider)
  const sessionId = url.split('/').pop()!
  return { productId, orderId: result.orderId, orderNumber: result.orderNumber, sessionId, url }
}

const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Ada Rider' })

function signedEvent(body: object, secret = SECRET) {
  const raw = JSON.stringify(body)
  return { raw, headers: new Headers({ [SIGNATURE_HEADER]: signPayload(raw, secret, Math.floor(Date.now() / 1000)), 'content-type': 'application/json' }) }
}

function gatewayEvent(id: string, type: string, o: { sessionId: string; orderNumber: string }, amountPence = 2500) {
  return { id, type, data: { sessionId: o.sessionId, orderReference: o.orderNumber, amountPence } }
}

describe(`test gateway payments on ${db}`, () => {
  it('4242 pays: the order is paid, its stock committed, one confirmation email', async () => {
    const o = await placeCardOrder(5, 2)
    expect(o.url).toMatch(/^\/test-gateway\/pay\/tgs_[0-9a-f]{32}$/)
    const before = sent.length
    const result = await gateway.submitCard(o.sessionId, card('4242 4242 4242 4242'))
    expect(result).toMatchObject({ kind: 'done', delivered: true, redirectUrl: `/payment-success?order=${o.orderNumber}` })
    const paid = await order(o.orderId)
    expect(paid).toMatchObject({ status: 'paid', stock: { state: 'committed' }, payment: { provider: 'test-gateway', reference: o.sessionId } })
    expect(paid.payment?.paidAt).toBeTruthy()
    expect(paid.history?.at(-1)).toMatchObject({ actor: 'payment webhook', from: 'awaiting_payment', to: 'paid' })
    expect(await stockOf(payload, o.productId)).toBe(3)
    expect(sent.length - before).toBe(1)
    const mail = sent.at(-1)!
    expect(mail).toMatchObject({ to: paid.email, tag: 'order-confirmation' })
    expect(paid.email).toMatch(/^ada\.[0-9a-f]{8}@example\.co\.uk$/)
    expect(mail.text).toContain(o.orderNumber)
    expect(mail.text).toMatch(/VAT included \(20%\)[\s\S]*Model cancellation form/)
    expect(mail.text).toContain('Consumer Contracts Regulations')
    const session = await gateway.findSession(payload, o.sessionId)
    expect(session).toMatchObject({ status: 'succeeded', last4: '4242', cardBrand: 'Visa' })
  })

  it('a payment arriving while staff save a note leaves the order paid, its stock committed, its note kept', async () => {
    // Payload's update writes back the status, payment and stock columns it read: a payment recorded between its read
    // and its write would be undone on the order unless the save locks the row before it reads.
    for (let round = 0; round < 6; round++) {
      const o = await placeCardOrder(5, 1)
      const [paid] = await Promise.all([
        gateway.submitCard(o.sessionId, card('4242 4242 4242 4242')),
        new Promise((resolve) => setTimeout(resolve, round * 8)).then(() => payload.update({ collection: 'orders', id: o.orderId, overrideAccess: true, depth: 0, data: { staffNotes: `Rang in round ${round}` } })),
      ])
      expect(paid).toMatchObject({ kind: 'done', delivered: true })
      expect(await order(o.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' }, staffNotes: `Rang in round ${round}`, payment: { reference: o.sessionId } })
      expect(await stockOf(payload, o.productId)).toBe(4)
    }
  }, 120_000)

  it('0002 is declined: the order is cancelled and its stock released', async () => {
    const o = await placeCardOrder(5, 2)
    expect(await stockOf(payload, o.productId)).toBe(3)
    const result = await gateway.submitCard(o.sessionId, card('4000 0000 0000 0002'))
    expect(result).toMatchObject({ kind: 'done', redirectUrl: `/payment-failure?order=${o.orderNumber}` })
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, payment: { failureMessage: 'Your card was declined.' } })
    expect(await stockOf(payload, o.productId)).toBe(5)
  })

  it('3155 asks for 3-D Secure; approving pays, failing cancels; a wrong challenge does nothing', async () => {
    const o = await placeCardOrder()
    const step = await gateway.submitCard(o.sessionId, card('4000002500003155'))
    expect(step.kind).toBe('challenge')
    if (step.kind !== 'challenge') return
    expect(await gateway.completeChallenge(o.sessionId, 'f'.repeat(32), true)).toEqual({ kind: 'gone' })
    expect((await order(o.orderId)).status).toBe('awaiting_payment')
    expect(await gateway.completeChallenge(o.sessionId, step.challenge, true)).toMatchObject({ kind: 'done' })
    expect((await order(o.orderId)).status).toBe('paid')

    const f = await placeCardOrder()
    const fstep = await gateway.submitCard(f.sessionId, card('4000002500003155'))
    if (fstep.kind !== 'challenge') throw new Error('expected a challenge')
    await gateway.completeChallenge(f.sessionId, fstep.challenge, false)
    expect(await order(f.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await stockOf(payload, f.productId)).toBe(5)
  })

  it('Luhn-invalid numbers are form errors; unknown valid numbers are declined', async () => {
    const o = await placeCardOrder()
    expect(await gateway.submitCard(o.sessionId, card('4242 4242 4242 4241'))).toEqual({ kind: 'errors', errors: { number: 'Enter a valid card number' } })
    expect((await order(o.orderId)).status).toBe('awaiting_payment')
    expect(await gateway.submitCard(o.sessionId, card('4111 1111 1111 1111'))).toMatchObject({ kind: 'done', redirectUrl: expect.stringContaining('/payment-failure') })
  })

  it('keeps no card number anywhere in the database', async () => {
    const numbers = ['4242424242424242', '4000000000000002', '4000002500003155', '4111111111111111']
    const drizzle = payload.db.drizzle as unknown as { all?: (q: unknown) => Promise<Record<string, unknown>[]>; execute?: (q: unknown) => Promise<{ rows: Record<string, unknown>[] }> }
    const { sql } = payload.db.name === 'postgres' ? await import('@payloadcms/db-postgres/drizzle') : await import('@payloadcms/db-sqlite/drizzle')
    const rowsOf = async (query: unknown) => (payload.db.name === 'postgres' ? (await drizzle.execute!(query)).rows : await drizzle.all!(query))
    const tables = (
      payload.db.name === 'postgres'
        ? await rowsOf(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)
        : await rowsOf(sql`SELECT name FROM sqlite_master WHERE type = 'table'`)
    ).map((r) => String(r.name))
    expect(tables).toContain('test_gateway_payments')
    let scanned = 0
    for (const table of tables) {
      const rows = await rowsOf(sql.raw(`SELECT * FROM "${table}"`))
      const text = JSON.stringify(rows).replace(/[\s-]/g, '')
      scanned += rows.length
      for (const n of numbers) expect(text.includes(n), `${n} in ${table}`).toBe(false)
    }
    expect(scanned).toBeGreaterThan(10)
  })
})

describe(`webhooks on ${db}`, () => {
  it('the same success event 10 times, shuffled among others, changes the order once', async () => {
    const o = await placeCardOrder(5, 1)
    const other = await placeCardOrder(5, 1)
    const success = signedEvent(gatewayEvent(`evt_dup_${o.orderNumber}`, 'payment.succeeded', o))
    const events = [
      ...Array.from({ length: 10 }, () => success),
      signedEvent(gatewayEvent(`evt_fail_after_${o.orderNumber}`, 'payment.failed', o)),
      signedEvent(gatewayEvent(`evt_other_${other.orderNumber}`, 'payment.succeeded', other)),
      signedEvent(gatewayEvent(`evt_other_fail_${other.orderNumber}`, 'payment.failed', other)),
    ]
    // Deliver the first success, then everything else in a random order, some concurrently.
    const before = sent.length
    const first = await handlePaymentWebhook(payload, gateway.provider, success.raw, success.headers, { email })
    expect(await first.json()).toMatchObject({ processed: true, message: 'order paid' })
    const rest = events.slice(1).sort(() => Math.random() - 0.5)
    const answers = await Promise.all(rest.map((e) => handlePaymentWebhook(payload, gateway.provider, e.raw, e.headers, { email })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ message: string }>))
    expect(bodies.filter((b) => b.message === 'Event already processed.')).toHaveLength(9)

    const paid = await order(o.orderId)
    expect(paid).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    expect(paid.history?.filter((h) => h.to === 'paid')).toHaveLength(1)
    expect(paid.history?.filter((h) => h.to === 'cancelled')).toHaveLength(0)
    expect(await stockOf(payload, o.productId)).toBe(4)
    // One email for o, and one for `other` if its success came before its failure.
    const otherOrder = await order(other.orderId)
    expect(sent.length - before).toBe(otherOrder.status === 'paid' ? 2 : 1)
    expect(await stockOf(payload, other.productId)).toBe(otherOrder.status === 'paid' ? 4 : 5)
    const stored = await payload.count({ collection: 'payment-events', where: { eventId: { equals: `evt_dup_${o.orderNumber}` } }, overrideAccess: true })
    expect(stored.totalDocs).toBe(1)
  })

  it('applies an event whose processing a crash cut short, once, when the provider retries it', async () => {
    const o = await placeCardOrder(5, 1)
    const success = signedEvent(gatewayEvent(`evt_cut_${o.orderNumber}`, 'payment.succeeded', o))
    // A process stored the event and was killed before applying it.
    await payload.create({ collection: 'payment-events', overrideAccess: true, data: { eventId: `evt_cut_${o.orderNumber}`, provider: 'test-gateway', type: 'succeeded', outcome: 'processing' } })
    const before = sent.length
    const retry = await handlePaymentWebhook(payload, gateway.provider, success.raw, success.headers, { email })
    expect(retry.status).toBe(200)
    expect(await retry.json()).toMatchObject({ processed: true, message: 'order paid' })
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    const again = await handlePaymentWebhook(payload, gateway.provider, success.raw, success.headers, { email })
    expect(await again.json()).toMatchObject({ processed: false, message: 'Event already processed.' })
    expect(sent.length - before).toBe(1)
    expect((await order(o.orderId)).history?.filter((h) => h.to === 'paid')).toHaveLength(1)
  })

  it('a bad signature gets 400 and changes nothing', async () => {
    const o = await placeCardOrder()
    const forged = signedEvent(gatewayEvent(`evt_forged_${o.orderNumber}`, 'payment.succeeded', o), 'not-the-secret')
    const answer = await handlePaymentWebhook(payload, gateway.provider, forged.raw, forged.headers, { email })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'bad_signature' })
    const unsigned = await handlePaymentWebhook(payload, gateway.provider, forged.raw, new Headers(), { email })
    expect(unsigned.status).toBe(400)
    const tampered = signedEvent(gatewayEvent(`evt_t_${o.orderNumber}`, 'payment.failed', o))
    const swapped = await handlePaymentWebhook(payload, gateway.provider, tampered.raw.replace('payment.failed', 'payment.succeeded'), tampered.headers, { email })
    expect(swapped.status).toBe(400)
    expect(await order(o.orderId)).toMatchObject({ status: 'awaiting_payment', stock: { state: 'held' } })
    expect((await payload.count({ collection: 'payment-events', where: { eventId: { like: `_${o.orderNumber}` } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('a success after a refund, and a failure after a success, change nothing', async () => {
    const o = await placeCardOrder(5, 1)
    await gateway.submitCard(o.sessionId, card('4242424242424242'))
    const refunded = signedEvent(gatewayEvent(`evt_refund_${o.orderNumber}`, 'payment.refunded', o))
    expect(await (await handlePaymentWebhook(payload, gateway.provider, refunded.raw, refunded.headers, { email })).json()).toMatchObject({ processed: true })
    expect(await order(o.orderId)).toMatchObject({ status: 'refunded', stock: { state: 'released' }, payment: { refundedPence: 2500 } })
    expect(await stockOf(payload, o.productId)).toBe(5)
    const late = signedEvent(gatewayEvent(`evt_late_success_${o.orderNumber}`, 'payment.succeeded', o))
    expect(await (await handlePaymentWebhook(payload, gateway.provider, late.raw, late.headers, { email })).json()).toMatchObject({ processed: false })
    expect(await order(o.orderId)).toMatchObject({ status: 'refunded', stock: { state: 'released' } })
    expect(await stockOf(payload, o.productId)).toBe(5)
  })

  it('markOrderPaid is idempotent', async () => {
    const o = await placeCardOrder(5, 1)
    const notice = { orderNumber: o.orderNumber, reference: o.sessionId, amountPence: 2500, provider: 'test-gateway' }
    const before = sent.length
    const results = await Promise.all(Array.from({ length: 5 }, () => markOrderPaid(payload, notice, { email })))
    expect(results.filter((r) => r.changed)).toHaveLength(1)
    expect(await markOrderPaid(payload, notice, { email })).toMatchObject({ changed: false })
    expect(sent.length - before).toBe(1)
    expect((await order(o.orderId)).history?.filter((h) => h.to === 'paid')).toHaveLength(1)
  })
})

describe(`stock holds on ${db}`, () => {
  it('an unpaid card order is released after 15 minutes, once, with its coupon use', async () => {
    const code = `HOLD${Date.now().toString(36).toUpperCase()}`
    const coupon = await payload.create({ collection: 'coupons', overrideAccess: true, data: { code, discountType: 'fixed_cart', amount: 500, usageLimit: 10, usedCount: 0, active: true } })
    const o = await placeCardOrder(3, 2, { couponCode: code })
    expect((await payload.findByID({ collection: 'coupons', id: coupon.id, overrideAccess: true })).usedCount).toBe(1)
    expect(await releaseExpiredHolds(payload, new Date(Date.now() + 14 * 60_000))).toBe(0)
    expect((await order(o.orderId)).status).toBe('awaiting_payment')
    const later = new Date(Date.now() + 16 * 60_000)
    const counts = await Promise.all([releaseExpiredHolds(payload, later), releaseExpiredHolds(payload, later)])
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
    const expired = await order(o.orderId)
    expect(expired).toMatchObject({ status: 'cancelled', stock: { state: 'released', couponCounted: false } })
    expect(expired.history?.at(-1)).toMatchObject({ actor: 'hold expiry', note: expect.stringContaining('hold expired') })
    expect(await stockOf(payload, o.productId)).toBe(3)
    expect((await payload.findByID({ collection: 'coupons', id: coupon.id, overrideAccess: true })).usedCount).toBe(0)
    expect(await releaseExpiredHolds(payload, later)).toBe(0)
    expect(await stockOf(payload, o.productId)).toBe(3)
  })

  it('a hold expiring while staff save a note: the order stays cancelled with its stock back, and the save queues no email of its own', async () => {
    // The save takes the status from the row once locked (ADR 092); the expiry queued the customer's email, so the
    // save, which compares with what Payload read before, must not queue it again.
    const statusJobs = async (orderId: number) =>
      (await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendOrderConfirmation' } }, pagination: false, depth: 0, overrideAccess: true })).docs.filter((j) => (j.input as { orderId?: number } | null)?.orderId === orderId).length
    const later = new Date(Date.now() + 16 * 60_000)
    const alone = await placeCardOrder(2, 1)
    await releaseExpiredHolds(payload, later)
    const told = await statusJobs(alone.orderId)
    for (let round = 0; round < 5; round++) {
      const o = await placeCardOrder(2, 1)
      await Promise.all([
        releaseExpiredHolds(payload, later),
        new Promise((resolve) => setTimeout(resolve, round * 5)).then(() => payload.update({ collection: 'orders', id: o.orderId, overrideAccess: true, depth: 0, data: { staffNotes: `Rang in round ${round}` } })),
      ])
      expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, staffNotes: `Rang in round ${round}` })
      expect(await stockOf(payload, o.productId)).toBe(2)
      expect(await statusJobs(o.orderId)).toBe(told)
    }
  }, 120_000)

  it('a card submitted after the hold expired is refused by the gateway and charges nothing', async () => {
    const o = await placeCardOrder(3, 1)
    await releaseExpiredHolds(payload, new Date(Date.now() + 16 * 60_000))
    expect(await stockOf(payload, o.productId)).toBe(3)
    expect(await gateway.submitCard(o.sessionId, card('4242424242424242'))).toEqual({ kind: 'gone' })
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ status: 'cancelled' })
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await stockOf(payload, o.productId)).toBe(3)
  })

  it('hold expiry asks the provider first: a payment whose webhook was lost marks the order paid, never cancelled', async () => {
    const lost = createTestGateway(payload, { database: gatewayDatabase, secret: SECRET, webhookUrl: 'http://shop.invalid/lost', fetch: (async () => { throw new Error('the shop is down') }) as typeof fetch })
    const o = await placeCardOrder(3, 1)
    const result = await lost.submitCard(o.sessionId, card('4242424242424242'))
    expect(result).toMatchObject({ kind: 'done', delivered: false })
    expect(await order(o.orderId)).toMatchObject({ status: 'awaiting_payment' })
    expect(await releaseExpiredHolds(payload, new Date(Date.now() + 16 * 60_000), { provider: gateway.provider, email })).toBe(0)
    const paid = await order(o.orderId)
    expect(paid).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    expect(await stockOf(payload, o.productId)).toBe(2)
  })

  it('a repeated checkout after the payment succeeded reuses that payment instead of opening a second one', async () => {
    const lost = createTestGateway(payload, { database: gatewayDatabase, secret: SECRET, webhookUrl: 'http://shop.invalid/lost', fetch: (async () => { throw new Error('the shop is down') }) as typeof fetch })
    const o = await placeCardOrder(3, 1)
    await lost.submitCard(o.sessionId, card('4242424242424242'))
    const again = await paymentUrlFor(payload, await order(o.orderId), gateway.provider)
    expect(again).toBe(`/payment-success?order=${o.orderNumber}`)
    const sessions = await payload.find({ collection: 'test-gateway-payments', where: { orderReference: { equals: o.orderNumber } }, overrideAccess: true })
    expect(sessions.totalDocs).toBe(1)
  })

  it('10 identical checkouts at once: one order, one payment page; paying every page they were given takes one charge', async () => {
    const productId = await simpleProduct(payload, 5, 2500)
    const input = orderInput([{ productId, count: 1 }])
    const placed = await Promise.all(Array.from({ length: 10 }, () => placeOrder(payload, input)))
    const ids = new Set(placed.map((r) => (r.ok ? r.orderId : -1)))
    expect([...ids]).toHaveLength(1)
    const orderId = [...ids][0]!
    const urls = await Promise.all(Array.from({ length: 10 }, async () => paymentUrlFor(payload, await order(orderId), gateway.provider)))
    expect(new Set(urls).size, 'every identical checkout is sent to the same payment page').toBe(1)
    const results = await Promise.all(urls.map((url) => gateway.submitCard(url.split('/').pop()!, card('4242424242424242'))))
    expect(results.filter((r) => r.kind === 'done')).toHaveLength(1)
    const { rows } = await execute(payload, null, { sql: 'SELECT status, amount_pence, refunded_pence FROM test_gateway_payments WHERE order_reference = ?', args: [(await order(orderId)).orderNumber] })
    const kept = rows.filter((r) => r.status === 'succeeded' && Number(r.refunded_pence ?? 0) === 0)
    expect(kept, 'exactly one charge kept').toHaveLength(1)
    expect(await order(orderId)).toMatchObject({ status: 'paid' })
  })

  it('a second payment page of a paid order, paid too, is refunded automatically; the order keeps the first and sends one confirmation', async () => {
    const o = await placeCardOrder(4, 1)
    // A second page of the same order, as another instance or an older release could have opened.
    const second = `tgs_${'b'.repeat(24)}${String(o.orderId).padStart(8, '0')}`
    const stamp = new Date().toISOString()
    await execute(payload, null, {
      sql: `INSERT INTO test_gateway_payments (session_id, order_reference, amount_pence, currency, refunded_pence, status, description, success_url, failure_url, webhook_attempts, updated_at, created_at) VALUES (?, ?, 2500, 'GBP', 0, 'requires_payment_method', 'second page', ?, ?, 0, ?, ?)`,
      args: [second, o.orderNumber, `/payment-success?order=${o.orderNumber}`, `/payment-failure?order=${o.orderNumber}`, stamp, stamp],
    })
    const before = sent.filter((m) => m.subject.includes(o.orderNumber)).length
    const [first, other] = await Promise.all([gateway.submitCard(o.sessionId, card('4242424242424242')), gateway.submitCard(second, card('4242424242424242'))])
    expect([first.kind, other.kind].filter((k) => k === 'done').length).toBeGreaterThanOrEqual(1)
    const { rows } = await execute(payload, null, { sql: 'SELECT session_id, status, refunded_pence FROM test_gateway_payments WHERE order_reference = ?', args: [o.orderNumber] })
    const succeeded = rows.filter((r) => r.status === 'succeeded')
    const kept = succeeded.filter((r) => Number(r.refunded_pence ?? 0) === 0)
    expect(kept, 'exactly one payment kept').toHaveLength(1)
    expect(succeeded.filter((r) => Number(r.refunded_pence) === 2500), 'every other payment refunded in full').toHaveLength(succeeded.length - 1)
    const paid = await order(o.orderId)
    expect(paid).toMatchObject({ status: 'paid', payment: { reference: kept[0]!.session_id } })
    expect(paid.lines).toHaveLength(1)
    if (succeeded.length > 1) expect(paid.history?.some((h) => /refunded automatically/.test(h.note ?? ''))).toBe(true)
    expect(sent.filter((m) => m.subject.includes(o.orderNumber)).length - before, 'one confirmation').toBe(1)
  })

  it('money arriving for a cancelled order that is past saving, or one already refunded, is refunded automatically', async () => {
    const o = await placeCardOrder(2, 1)
    await gateway.submitCard(o.sessionId, card('4000000000000002')) // declined: the order is cancelled
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled' })
    // A second page paid after the failure: the stock is still there, so the order is paid late (kept).
    const stamp = new Date().toISOString()
    const late = `tgs_${'c'.repeat(24)}${String(o.orderId).padStart(8, '0')}`
    await execute(payload, null, {
      sql: `INSERT INTO test_gateway_payments (session_id, order_reference, amount_pence, currency, refunded_pence, status, description, success_url, failure_url, webhook_attempts, updated_at, created_at) VALUES (?, ?, 2500, 'GBP', 0, 'requires_payment_method', 'late page', ?, ?, 0, ?, ?)`,
      args: [late, o.orderNumber, '/payment-success', '/payment-failure', stamp, stamp],
    })
    await gateway.submitCard(late, card('4242424242424242'))
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', payment: { reference: late } })
    // Then refunded by staff; a third payment now is never kept.
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: true, data: { status: 'refunded' } })
    const third = `tgs_${'d'.repeat(24)}${String(o.orderId).padStart(8, '0')}`
    await execute(payload, null, {
      sql: `INSERT INTO test_gateway_payments (session_id, order_reference, amount_pence, currency, refunded_pence, status, description, success_url, failure_url, webhook_attempts, updated_at, created_at) VALUES (?, ?, 2500, 'GBP', 0, 'requires_payment_method', 'third page', ?, ?, 0, ?, ?)`,
      args: [third, o.orderNumber, '/payment-success', '/payment-failure', stamp, stamp],
    })
    await gateway.submitCard(third, card('4242424242424242'))
    const [row] = (await execute(payload, null, { sql: 'SELECT refunded_pence FROM test_gateway_payments WHERE session_id = ?', args: [third] })).rows
    expect(Number(row!.refunded_pence)).toBe(2500)
    expect(await order(o.orderId)).toMatchObject({ status: 'refunded', payment: { reference: late } })
  })

  it('paid writes its paid date, its history entry, the committed stock and one queued confirmation together, and rewrites no line', async () => {
    const o = await placeCardOrder(3, 2)
    const lineIds = (await order(o.orderId)).lines.map((l) => l.id)
    await gateway.submitCard(o.sessionId, card('4242424242424242'))
    const paid = await order(o.orderId)
    expect(paid.payment?.paidAt).toBeTruthy()
    expect(paid.history?.filter((h) => h.to === 'paid')).toHaveLength(1)
    expect(paid.lines.map((l) => l.id), 'the lines are the rows checkout wrote, never deleted and re-inserted').toEqual(lineIds)
    const input = db === 'postgres' ? "input->>'orderId' = ?" : "json_extract(input, '$.orderId') = ?"
    const jobs = await execute(payload, null, { sql: `SELECT id, completed_at FROM payload_jobs WHERE task_slug = 'sendOrderConfirmation' AND ${input}`, args: [db === 'postgres' ? String(o.orderId) : o.orderId] })
    expect(jobs.rows, 'one confirmation job, queued with the payment').toHaveLength(1)
    // The same payment reported again changes nothing and queues nothing.
    await markOrderPaid(payload, { orderNumber: o.orderNumber, reference: o.sessionId, amountPence: 5000, provider: 'test-gateway' }, { email })
    const again = await execute(payload, null, { sql: `SELECT id FROM payload_jobs WHERE task_slug = 'sendOrderConfirmation' AND ${input}`, args: [db === 'postgres' ? String(o.orderId) : o.orderId] })
    expect(again.rows).toHaveLength(1)
    expect((await order(o.orderId)).history?.filter((h) => h.to === 'paid')).toHaveLength(1)
  })

  /** A provider that accepts a payment after the shop gave up on it (Stripe's slower methods can). */
  async function latePayment(o: { sessionId: string; orderNumber: string }) {
    const session = (await gateway.findSession(payload, o.sessionId))!
    await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { status: 'succeeded' } })
    const event = signedEvent(gatewayEvent(`evt_late_${o.orderNumber}`, 'payment.succeeded', o))
    return handlePaymentWebhook(payload, gateway.provider, event.raw, event.headers, { email })
  }

  it('a payment after the hold expired takes the stock again when it is still there', async () => {
    const o = await placeCardOrder(3, 1)
    await releaseExpiredHolds(payload, new Date(Date.now() + 16 * 60_000))
    expect(await stockOf(payload, o.productId)).toBe(3)
    await latePayment(o)
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    expect(await stockOf(payload, o.productId)).toBe(2)
  })

  it('a payment after the hold expired and the goods sold out is refunded automatically', async () => {
    const o = await placeCardOrder(1, 1)
    await releaseExpiredHolds(payload, new Date(Date.now() + 16 * 60_000))
    const rival = await placeOrder(payload, orderInput([{ productId: o.productId, count: 1 }]))
    expect(rival.ok).toBe(true)
    await latePayment(o)
    const late = await order(o.orderId)
    expect(late).toMatchObject({ status: 'refunded', payment: { refundedPence: 2500 } })
    expect(late.history?.at(-1)?.note).toContain('refunded automatically')
    expect(await stockOf(payload, o.productId)).toBe(0)
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ refundedPence: 2500 })
  })
})

describe(`staff changes on ${db}`, () => {
  async function staff() {
    const found = await payload.find({ collection: 'users', where: { role: { equals: 'staff' } }, limit: 1, overrideAccess: true })
    const user = found.docs[0] ?? (await payload.create({ collection: 'users', overrideAccess: true, data: { email: `staff-${Date.now()}@int.test`, password: 'a-long-staff-password-123', role: 'staff' } as never }))
    return { ...user, collection: 'users' as const }
  }

  it('refuse a transition the table does not allow, with a clear message', async () => {
    const o = await placeCardOrder()
    await expect(payload.update({ collection: 'orders', id: o.orderId, overrideAccess: true, data: { status: 'dispatched' } })).rejects.toThrow(/cannot go from Awaiting payment to Dispatched/)
    await expect(payload.update({ collection: 'orders', id: o.orderId, overrideAccess: true, data: { status: 'paid' } })).rejects.toThrow(/payment provider/)
    expect((await order(o.orderId)).status).toBe('awaiting_payment')
  })

  it('cancel restores stock once and records who did it', async () => {
    const user = await staff()
    const o = await placeCardOrder(4, 2)
    expect(await stockOf(payload, o.productId)).toBe(2)
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { status: 'cancelled' } })
    const cancelled = await order(o.orderId)
    expect(cancelled).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(cancelled.history?.find((h) => h.to === 'cancelled')).toMatchObject({ by: user.id, from: 'awaiting_payment' })
    expect(await stockOf(payload, o.productId)).toBe(4)
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { staffNotes: 'customer rang' } })
    expect(await stockOf(payload, o.productId)).toBe(4)
  })

  it('cancel closes the order’s open payment page, as hold expiry does: paying on it later takes nothing and revives nothing', async () => {
    const user = await staff()
    const o = await placeCardOrder(4, 1)
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { status: 'cancelled' } })
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ status: 'cancelled' })
    expect((await order(o.orderId)).history?.find((h) => h.to === 'cancelled')).toMatchObject({ by: user.id, note: expect.stringContaining('open card payments were closed') })
    await gateway.submitCard(o.sessionId, card('4242424242424242'))
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ status: 'cancelled' })
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await stockOf(payload, o.productId)).toBe(4)
  })

  it('cancel of an order whose payment has just gone through is refused with a clear message, and the payment is applied', async () => {
    const user = await staff()
    const o = await placeCardOrder(4, 1)
    const session = (await gateway.findSession(payload, o.sessionId))!
    await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { status: 'succeeded' } })
    await expect(payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { status: 'cancelled' } })).rejects.toThrow(/has just paid for this order, so it was not cancelled/)
    expect(await order(o.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' }, payment: { reference: o.sessionId } })
    expect(await stockOf(payload, o.productId)).toBe(3)
  })

  it('refunded refunds the card through the provider and restores stock once; a refused refund changes nothing', async () => {
    const user = await staff()
    const o = await placeCardOrder(4, 1)
    await gateway.submitCard(o.sessionId, card('4242424242424242'))
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { status: 'processing' } })
    expect(await stockOf(payload, o.productId)).toBe(3)
    await payload.update({ collection: 'orders', id: o.orderId, overrideAccess: false, user, data: { status: 'refunded' } })
    const refunded = await order(o.orderId)
    expect(refunded).toMatchObject({ status: 'refunded', stock: { state: 'released' }, payment: { refundedPence: 2500 } })
    expect(refunded.history?.find((h) => h.to === 'refunded')).toMatchObject({ by: user.id, note: expect.stringContaining('Refunded 2500p') })
    expect(await stockOf(payload, o.productId)).toBe(4)
    expect(await gateway.findSession(payload, o.sessionId)).toMatchObject({ refundedPence: 2500 })

    // A paid order whose payment the provider does not know: the refund is refused, nothing changes.
    const p = await placeCardOrder(4, 1)
    await gateway.submitCard(p.sessionId, card('4242424242424242'))
    await payload.update({ collection: 'orders', id: p.orderId, overrideAccess: true, context: { orderLifecycle: true }, data: { payment: { provider: 'test-gateway', reference: 'tgs_00000000000000000000000000000000' } } })
    await expect(payload.update({ collection: 'orders', id: p.orderId, overrideAccess: false, user, data: { status: 'refunded' } })).rejects.toThrow(/refused the refund/)
    expect(await order(p.orderId)).toMatchObject({ status: 'paid', stock: { state: 'committed' } })
    expect(await stockOf(payload, p.productId)).toBe(3)
  })
})
