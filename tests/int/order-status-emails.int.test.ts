// Staff moving an order: the customer gets one email per move, queued with the status change and sent by the
// job runner; setting the status again, or the job running again, sends no second one.
import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'
import type { EmailSender } from '../../src/adapters/email/email-sender'
import { adminUser, orderInput, simpleProduct } from './order-fixtures'
import { db, payload, withTestPayload } from './payload'
import { fileOutbox } from './outbox'

// An outbox of this file's own: order ids start at 1 in every test database, so a shared outbox would already
// hold a message under the same idempotency key from an earlier run.
const outbox = fileOutbox('order-status')

const { sendOrderStatusEmail } = await import('../../src/features/orders/confirmation-email.server')
const { markOrderPaid } = await import('../../src/features/orders/order-lifecycle.server')
const { placeOrder } = await import('../../src/features/orders/place-order.server')

const memory: EmailSender = { name: 'outbox', send: async () => ({ id: '1', location: 'memory' }) }

withTestPayload(undefined, 120_000)

const admin = () => adminUser(payload)

async function paidOrder() {
  const productId = await simpleProduct(payload, 3, 2500)
  const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const paid = await markOrderPaid(payload, { orderNumber: placed.orderNumber, reference: `int_${placed.orderNumber}`, amountPence: 2500, provider: 'int-test' }, { email: memory })
  expect(paid).toMatchObject({ changed: true })
  return payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
}

const runJobs = () => payload.jobs.run({ limit: 100, overrideAccess: true, silent: true } as Parameters<Payload['jobs']['run']>[0])
const mailTo = async (address: string) => (await outbox.read()).filter((m) => m.to === address)

describe(`order status emails on ${db}`, () => {
  it('ready for collection, set by an admin, sends exactly one email, however often it is set or the job runs', async () => {
    const user = await admin()
    const order = await paidOrder()
    await payload.update({ collection: 'orders', id: order.id, overrideAccess: false, user, data: { status: 'ready_for_collection' } })
    await runJobs()
    const sent = await mailTo(order.email)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ subject: `Your Wheelhouse order ${order.orderNumber} is ready to collect`, idempotencyKey: `order-status-${order.id}-ready_for_collection` })
    expect(sent[0]!.text).toContain('photo ID')

    // The same status again is no move; the job running again (a crash after sending) is kept out by its key.
    await payload.update({ collection: 'orders', id: order.id, overrideAccess: false, user, data: { status: 'ready_for_collection', staffNotes: 'rang the customer' } })
    await runJobs()
    await sendOrderStatusEmail(payload, order.id, 'ready_for_collection')
    expect(await mailTo(order.email)).toHaveLength(1)
  })

  it('a refused move queues nothing; an edit that is not a move sends nothing', async () => {
    const user = await admin()
    const order = await paidOrder()
    await expect(payload.update({ collection: 'orders', id: order.id, overrideAccess: false, user, data: { status: 'cancelled' } })).rejects.toThrow(/cancelled by refunding it/)
    await payload.update({ collection: 'orders', id: order.id, overrideAccess: false, user, data: { staffNotes: 'packed' } })
    await runJobs()
    expect(await mailTo(order.email)).toHaveLength(0)
  })

  it('dispatched, then completed: one email, for the dispatch', async () => {
    const user = await admin()
    const order = await paidOrder()
    await payload.update({ collection: 'orders', id: order.id, overrideAccess: false, user, data: { status: 'dispatched' } })
    await payload.update({ collection: 'orders', id: order.id, overrideAccess: false, user, data: { status: 'completed' } })
    await runJobs()
    const sent = await mailTo(order.email)
    expect(sent.map((m) => m.subject)).toEqual([`Your Wheelhouse order ${order.orderNumber} is on its way`])
  })
})
