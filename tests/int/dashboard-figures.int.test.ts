// The admin dashboard's figures, read by raw statements on SQLite and PostgreSQL, against what the shop holds.
import { describe, expect, it, vi } from 'vitest'
import { periodTakings } from '../../src/domain/dashboard/takings'
import { memoryEmail, orderInput, simpleProduct, variantProduct } from './order-fixtures'
import { db, payload, withTestPayload } from './payload'

vi.mock('server-only', () => ({}))
const { dashboardFigures } = await import('../../src/features/dashboard/dashboard-figures.server')
const { markOrderPaid } = await import('../../src/features/orders/order-lifecycle.server')
const { placeOrder } = await import('../../src/features/orders/place-order.server')


withTestPayload(undefined, 120_000)

async function paidOrder(productId: number, count: number, pricePence: number, delivery: 'free' | 'flat_rate' = 'free') {
  const placed = await placeOrder(payload, orderInput([{ productId, count }], { deliveryMethod: delivery }))
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`)
  const order = await payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
  await markOrderPaid(payload, { orderNumber: placed.orderNumber, reference: `int_${placed.orderNumber}`, amountPence: order.totalPence, provider: 'int-test' }, { email: memoryEmail().email })
  expect(pricePence * count).toBeLessThanOrEqual(order.totalPence)
  return order
}

describe(`dashboard figures on ${db}`, () => {
  it('counts takings, work to do, low stock, best sellers and searches as the records say', async () => {
    await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { lowStockThreshold: 3 } })
    const lock = await simpleProduct(payload, 10, 2500)
    const low = await simpleProduct(payload, 1, 1000)
    const gloves = await variantProduct(payload, 2, 4000)
    const a = await paidOrder(lock, 2, 2500)
    const b = await paidOrder(lock, 1, 2500, 'flat_rate')
    const c = await paidOrder(low, 1, 1000)
    await placeOrder(payload, orderInput([{ productId: lock, count: 1 }])) // unpaid: no takings, nothing to dispatch
    await payload.create({ collection: 'search-log', overrideAccess: true, data: { words: 'scooter', day: new Date().toISOString().slice(0, 10), kind: 'results', searches: 6, withoutResults: 0, lastSearchedAt: new Date().toISOString() } })
    await payload.create({ collection: 'search-log', overrideAccess: true, data: { words: 'jetpack', day: new Date().toISOString().slice(0, 10), kind: 'results', searches: 2, withoutResults: 2, lastSearchedAt: new Date().toISOString() } })

    const now = new Date()
    const figures = await dashboardFigures(payload, now)
    const today = periodTakings(now, figures.hours).find((p) => p.key === 'today')!
    expect(today.pence).toBe(a.totalPence + b.totalPence + c.totalPence)
    expect(figures.work).toMatchObject({ toDispatch: 1, toPrepareForCollection: 2, lowStockThreshold: 3 })
    // Low stock: the lock left with 1 and the gloves' one variant with 2; the lock with 7 left is not low.
    const lowIds = figures.lowStock.products.map((p) => p.id)
    expect(lowIds).toEqual(expect.arrayContaining([low, gloves.productId]))
    expect(lowIds).not.toContain(lock)
    expect(figures.lowStock.products.find((p) => p.id === low)!.figure).toBe(0)
    expect(figures.bestSellers[0]).toMatchObject({ id: lock, figure: 3, pence: 7500 })
    expect(figures.searches.top7[0]).toMatchObject({ words: 'scooter', searches: 6 })
    expect(figures.searches.none30).toEqual([{ words: 'jetpack', searches: 2, withoutResults: 2 }])
    expect(figures.backup).toBeNull()
  })

  it('reports the last backup job that finished, failed or not', async () => {
    const at = new Date().toISOString()
    await payload.create({ collection: 'payload-jobs', overrideAccess: true, data: { taskSlug: 'backupShop', input: {}, queue: 'backups', hasError: true, error: { message: 'disk full' }, totalTried: 1 } as never })
    const figures = await dashboardFigures(payload, new Date())
    expect(figures.backup).toMatchObject({ ok: false })
    expect(figures.backup!.error).toContain('disk full')
    expect(figures.backup!.at >= at.slice(0, 10)).toBe(true)
  })
})
