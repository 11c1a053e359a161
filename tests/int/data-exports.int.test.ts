// CSV exports from the admin: staff only, refused requests change nothing, the job writes the orders asked for
// (by days placed and status) in pounds with a byte-order mark, returns by state and VAT documents by kind, and the
// catalogue in the stock feed's format.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { parseCsv } from '../../src/lib/text/csv'
import { memoryEmail, orderInput, simpleProduct } from './order-fixtures'
import { testPayload } from './payload'

vi.mock('server-only', () => ({}))
const { handleExportRequest, exportFile } = await import('../../src/features/exports/export-endpoints.server')
const { runDataExport: runExport } = await import('../../src/features/exports/export-job.server')
const { exportFeedRows } = await import('../../src/features/catalogue-import/export-feed.server')
const runDataExport = (p: Payload, id: number) => runExport(p, id, { catalogueRows: exportFeedRows })
const { markOrderPaid } = await import('../../src/features/orders/order-lifecycle.server')
const { placeOrder } = await import('../../src/features/orders/place-order.server')

const db = process.env.TEST_DB ?? 'sqlite'
const SITE = 'http://localhost:3000'
const STAFF_KEY = 'export-staff-key-0123456789abcdef01234'
const CUSTOMER_KEY = 'export-customer-key-0123456789abcdef0'
let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
  await payload.create({ collection: 'users', data: { email: 'export-staff@int.test', password: 'a long staff password 1', role: 'staff', enableAPIKey: true, apiKey: STAFF_KEY }, overrideAccess: true })
  await payload.create({ collection: 'users', data: { email: 'export-customer@int.test', password: 'a long customer password 1', role: 'customer', enableAPIKey: true, apiKey: CUSTOMER_KEY }, overrideAccess: true })
}, 180_000)

const ask = (body: unknown, key = STAFF_KEY) =>
  handleExportRequest(payload, new Request(`${SITE}/api/exports`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(key ? { authorization: `users API-Key ${key}` } : {}) } }))
const file = (id: number, key = STAFF_KEY) => exportFile(payload, new Request(`${SITE}/api/exports/${id}/csv`, { headers: key ? { authorization: `users API-Key ${key}` } : {} }), String(id))
const exportsCount = async () => (await payload.count({ collection: 'data-exports', overrideAccess: true })).totalDocs

describe(`CSV exports on ${db}`, () => {
  it('refuses anyone but staff and requests it cannot take, recording nothing', async () => {
    const before = await exportsCount()
    const refusals: [Response, number][] = [
      [await ask({ kind: 'orders' }, ''), 401],
      [await ask({ kind: 'orders' }, CUSTOMER_KEY), 403],
      [await ask({ kind: 'orders', from: '2026-11-28', to: '2026-11-01' }), 400],
      [await ask({ kind: 'orders', status: 'lost' }), 400],
      [await ask({ kind: 'customers' }), 400],
      [await ask({ kind: 'orders', where: { id: { exists: true } } }), 400],
    ]
    expect(refusals.map(([r]) => r.status)).toEqual(refusals.map(([, s]) => s))
    expect(await exportsCount()).toBe(before)
  })

  it('exports the orders asked for, in pounds, as a file Excel opens as UTF-8', async () => {
    const productId = await simpleProduct(payload, 10, 123_450)
    const paid = []
    for (let i = 0; i < 3; i++) {
      const placed = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
      if (!placed.ok) throw new Error(placed.message)
      if (i < 2) {
        const order = await payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
        await markOrderPaid(payload, { orderNumber: placed.orderNumber, reference: `int_${placed.orderNumber}`, amountPence: order.totalPence, provider: 'int-test' }, { email: memoryEmail().email })
        paid.push(placed.orderNumber)
      }
    }
    const today = new Date().toISOString().slice(0, 10)
    const res = await ask({ kind: 'orders', from: '2026-01-01', to: today > '2026-01-01' ? today : '2026-01-01', status: 'paid' })
    expect(res.status).toBe(201)
    const { exportId, adminUrl } = (await res.json()) as { exportId: number; adminUrl: string }
    expect(adminUrl).toBe(`/admin/collections/data-exports/${exportId}`)
    // Queued for the runner, not made in the request: no file yet.
    expect((await file(exportId)).status).toBe(409)
    const jobs = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'runDataExport' } }, depth: 0, overrideAccess: true })
    expect(jobs.docs.map((j) => (j.input as { exportId: number }).exportId)).toContain(exportId)

    expect(await runDataExport(payload, exportId)).toEqual({ status: 'done', done: 2 })
    expect((await file(exportId, CUSTOMER_KEY)).status).toBe(403)
    const download = await file(exportId)
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-2026-01-01-to-\d{4}-\d{2}-\d{2}-paid\.csv"$/)
    const bytes = new Uint8Array(await download.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const records = parseCsv(new TextDecoder().decode(bytes)).map((r) => r.fields)
    expect(records[0]!.slice(0, 4)).toEqual(['Order', 'Placed', 'Paid', 'Status'])
    expect(records.slice(1).map((r) => r[0]).sort()).toEqual([...paid].sort())
    const totalAt = records[0]!.indexOf('Total (£)')
    expect(records.slice(1).every((r) => r[3] === 'Paid' && r[totalAt] === '1234.50')).toBe(true)
    // Staff never read the file through the collection's API: only its download answers it.
    const staff = (await payload.find({ collection: 'users', where: { email: { equals: 'export-staff@int.test' } }, overrideAccess: true })).docs[0]!
    expect((await payload.findByID({ collection: 'data-exports', id: exportId, overrideAccess: false, user: staff })).csv).toBeUndefined()
  })

  it('exports the catalogue in the stock feed’s format', async () => {
    const res = await ask({ kind: 'catalogue' })
    const { exportId } = (await res.json()) as { exportId: number }
    await runDataExport(payload, exportId)
    const records = parseCsv(await (await file(exportId)).text()).map((r) => r.fields)
    expect(records[0]!.slice(0, 3)).toEqual(['sku', 'parent_sku', 'name'])
    expect(records.length).toBeGreaterThan(1)
  })

  it('exports returns by state, and invoices and credit notes by kind, credit notes negative', async () => {
    const productId = await simpleProduct(payload, 10, 4_999)
    const placed = await placeOrder(payload, orderInput([{ productId, count: 2 }]))
    if (!placed.ok) throw new Error(placed.message)
    const order = placed.orderId
    const lines = [{ lineId: 'l1', name: 'Lock', productId, variantId: null, count: 1, paidPence: 4_999 }]
    const base = { order, email: 'ada@int.test', ground: 'cancellation', reason: 'Changed my mind', lines, requestedOn: '2026-11-20' }
    await payload.create({ collection: 'returns', overrideAccess: true, data: { ...base, returnNumber: `${placed.orderNumber}-R1`, state: 'refunded', refundPence: 4_999 } as never })
    await payload.create({ collection: 'returns', overrideAccess: true, data: { ...base, returnNumber: `${placed.orderNumber}-R2`, state: 'requested' } as never })
    const refunded = await ask({ kind: 'returns', status: 'refunded' })
    expect(refunded.status).toBe(201)
    const r = (await refunded.json()) as { exportId: number }
    expect(await runDataExport(payload, r.exportId)).toMatchObject({ status: 'done' })
    const returns = parseCsv(await (await file(r.exportId)).text()).map((row) => row.fields)
    expect(returns[0]!.slice(0, 5)).toEqual(['Return', 'Order', 'Asked', 'Ground', 'State'])
    const mine = returns.slice(1).filter((row) => row[1] === placed.orderNumber)
    expect(mine.map((row) => [row[0], row[4], row[6], row[14]])).toEqual([[`${placed.orderNumber}-R1`, 'Refunded', '1 × Lock', '49.99']])

    const doc = (kind: string, number: string, totalPence: number, vatPence: number) =>
      payload.create({ collection: 'invoices', overrideAccess: true, data: { kind, number, issuedAt: new Date().toISOString(), order, totalPence, vatPence, document: { customer: { name: 'Ada Rider' } } } as never })
    const invoice = await doc('invoice', `INV-T${Date.now() % 100000}`, 9_998, 1_666)
    await doc('credit-note', `CN-T${Date.now() % 100000}`, 4_999, 833)
    const all = (await (await ask({ kind: 'invoices' })).json()) as { exportId: number }
    await runDataExport(payload, all.exportId)
    const documents = parseCsv(await (await file(all.exportId)).text()).map((row) => row.fields)
    expect(documents[0]).toEqual(['Number', 'Kind', 'Issued', 'Order', 'Credits invoice', 'Customer', 'Net (£)', 'VAT (£)', 'Gross (£)', 'Reason'])
    const ofOrder = documents.slice(1).filter((row) => row[3] === placed.orderNumber)
    expect(ofOrder.map((row) => [row[1], row[6], row[7], row[8]])).toEqual([['Invoice', '83.32', '16.66', '99.98'], ['Credit note', '-41.66', '-8.33', '-49.99']])
    const notes = (await (await ask({ kind: 'invoices', status: 'credit-note' })).json()) as { exportId: number }
    await runDataExport(payload, notes.exportId)
    const onlyNotes = parseCsv(await (await file(notes.exportId)).text()).map((row) => row.fields).slice(1)
    expect(onlyNotes.length).toBeGreaterThan(0)
    expect(onlyNotes.every((row) => row[1] === 'Credit note')).toBe(true)
    expect(onlyNotes.some((row) => row[0] === invoice.number)).toBe(false)
  })
})
