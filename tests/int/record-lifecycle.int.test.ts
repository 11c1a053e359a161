// The one record lifecycle (features/records/transition.server.ts) on a real database: a declared change
// is claimed once however many race for it, moves the units, writes its columns and one history entry in the
// same unit of work; a change from the wrong state writes nothing; the shared sweep, notice lookup and refund.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIFECYCLE } from '../../src/domain/orders/order-status'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { refund } from '../../src/features/records/money-back.server'
import { applyNotice, type NoticeTarget } from '../../src/features/records/payment-notice.server'
import { appendHistory, runTransition, sweep } from '../../src/features/records/transition.server'
import { orderStockRef } from '../../src/features/stock/stock-ledger.server'
import { keyedLock } from '../../src/lib/keyed-lock'
import type { Order } from '../../src/payload-types'
import { orderInput, simpleProduct, stockOf } from './order-fixtures'
import { testPayload } from './payload'

let payload: Payload
beforeAll(async () => void (payload = await testPayload()), 300_000)
afterAll(() => payload?.destroy())
const db = process.env.TEST_DB ?? 'sqlite'

const order = (id: number): Promise<Order> => payload.findByID({ collection: 'orders', id, overrideAccess: true, depth: 0 })
const recordOf = (id: number) => ({ table: 'orders' as const, id, ref: orderStockRef(id) })

async function placed(stock = 3): Promise<{ productId: number; orderId: number }> {
  const productId = await simpleProduct(payload, stock, 2500)
  const result = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
  if (!result.ok) throw new Error(`order refused: ${result.message}`)
  return { productId, orderId: result.orderId }
}

describe(`record lifecycle on ${db}`, () => {
  it('claims a declared change once among racing callers: units back once, columns written, one history entry', async () => {
    const { productId, orderId } = await placed(3)
    expect(await stockOf(payload, productId)).toBe(2)
    const before = (await order(orderId)).history?.length ?? 0
    const t = LIFECYCLE.paymentFailed
    const now = new Date()
    const results = await Promise.all(
      Array.from({ length: 5 }, () => runTransition(payload, recordOf(orderId), t, { note: t.note('Declined.'), data: { stock: { couponCounted: false, holdExpiresAt: null }, payment: { failureMessage: 'Declined.' } } }, now)),
    )
    expect(results.filter((r) => r.ownerChanged)).toHaveLength(1)
    expect(await stockOf(payload, productId)).toBe(3)
    const after = await order(orderId)
    expect(after.status).toBe('cancelled')
    expect(after.stock.state).toBe('released')
    expect(after.stock.holdExpiresAt ?? null).toBeNull()
    expect(after.payment?.failureMessage).toBe('Declined.')
    expect(after.history).toHaveLength(before + 1)
    expect(after.history!.at(-1)).toMatchObject({ actor: 'payment webhook', from: 'awaiting_payment', to: 'cancelled', note: 'Payment failed: Declined. Stock released.' })
  })

  it('a change from a state the table does not allow changes nothing and records nothing', async () => {
    const { productId, orderId } = await placed(3)
    const before = await order(orderId)
    const t = LIFECYCLE.refundReported // from paid (and later) states only
    const result = await runTransition(payload, recordOf(orderId), t, { note: t.note({ amountPence: 2500, provider: 'test-gateway' }), data: { payment: { refundedPence: 2500 } } }, new Date())
    expect(result.ownerChanged).toBe(false)
    const after = await order(orderId)
    expect(after.status).toBe('awaiting_payment')
    expect(after.history).toHaveLength(before.history?.length ?? 0)
    expect(after.payment?.refundedPence ?? 0).toBe(0)
    expect(await stockOf(payload, productId)).toBe(2)
  })

  it('appends a note with its columns and no status condition, and moves updatedAt', async () => {
    const { orderId } = await placed(3)
    const before = await order(orderId)
    const later = new Date(Date.now() + 5_000)
    await appendHistory(payload, { table: 'orders', id: orderId }, { payment: { reference: 'ref-note' } }, { at: later.toISOString(), actor: 'staff', by: undefined, note: 'Checked by hand.' }, later)
    const after = await order(orderId)
    expect(after.status).toBe(before.status)
    expect(after.payment?.reference).toBe('ref-note')
    expect(after.history!.at(-1)).toMatchObject({ actor: 'staff', note: 'Checked by hand.' })
    expect(new Date(after.updatedAt).getTime()).toBe(later.getTime())
  })

  it('a sweep changes each due record under its lock and leaves one whose change throws for the next pass', async () => {
    const a = await placed(3)
    const b = await placed(3)
    const failed: number[] = []
    const changed = await sweep(payload, 'orders', { id: { in: [a.orderId, b.orderId] } }, keyedLock<number>(), async (o) => {
      if (o.id === a.orderId) throw new Error('provider down')
      return true
    }, (o) => failed.push(o.id))
    expect(changed.map((o) => o.id)).toEqual([b.orderId])
    expect(failed).toEqual([a.orderId])
  })

  it('finds the record a notice is about by number or payment reference, and answers `missing` for none', async () => {
    const { orderId } = await placed(3)
    const o = await order(orderId)
    const target: NoticeTarget<Order, { orderNumber?: string; reference: string; amountPence: number; provider: string }, number | 'missing'> = {
      find: (p, n) => p.find({ collection: 'orders', where: { orderNumber: { equals: n.orderNumber } }, depth: 0, overrideAccess: true }).then((r) => r.docs[0]),
      lock: keyedLock<number>(),
      missing: 'missing',
      apply: async (_p, found) => found.id,
    }
    expect(await applyNotice(payload, { orderNumber: o.orderNumber, reference: 'x', amountPence: 1, provider: 'test-gateway' }, {}, target)).toBe(orderId)
    expect(await applyNotice(payload, { orderNumber: 'WH-NONE00', reference: 'x', amountPence: 1, provider: 'test-gateway' }, {}, target)).toBe('missing')
  })

  it('a refund through a provider the shop does not know is answered, never thrown', async () => {
    const made = await refund(payload, {}, { provider: 'no-such-provider', reference: 'pi_x', amountPence: 100, key: 'k' })
    expect(made).toMatchObject({ ok: false, message: 'no payment provider named no-such-provider' })
  })
})
