// A CSV export as a durable job on the jobs queue (ADR 055): the request records what staff asked for and queues
// the job; the job writes the rows a page at a time, saying after each page how many are done (the export's admin
// page shows it as a progress bar), and stores the finished file with the record. Running it again (a restart half
// way) starts the file afresh: nothing is changed by an export but its own record.
import 'server-only'
import type { Payload, Where } from 'payload'
import { addDays, londonDay, londonInstant } from '../../domain/booking/calendar'
import { execute } from '../../cms/sql.server'
import { toCsv } from '../../lib/text/csv'
import { enqueueJob, touchJob } from '../jobs/queue.server'
import { RUN_DATA_EXPORT } from '../jobs/task-names'
import { ORDER_STATUS_LABELS } from '../../domain/orders/order-status'
import { DATA_EXPORTS } from './data-exports-collection'
import { exportFileName, ORDER_CSV_HEADER, orderCsvRow, UTF8_BOM, type ExportOrder } from './orders-csv'

/** Orders read and written per page: each page's progress is committed with its count. */
export const EXPORT_PAGE = 500

export type ExportRequest = { readonly kind: 'catalogue' } | { readonly kind: 'orders'; readonly from?: string; readonly to?: string; readonly status?: string }

const STATUS_LABELS: Readonly<Record<string, string>> = ORDER_STATUS_LABELS

/** Records the export and queues its job; answers the export's id. The runner takes the job within seconds. */
export async function queueDataExport(payload: Payload, request: ExportRequest, by: number | null, now = new Date()): Promise<number> {
  const filters = request.kind === 'orders' ? { from: request.from ?? null, to: request.to ?? null, orderStatus: request.status || null } : {}
  const fileName = exportFileName(request.kind, londonDay(now), { from: filters.from, to: filters.to, status: filters.orderStatus })
  const doc = await payload.create({ collection: DATA_EXPORTS, overrideAccess: true, data: { kind: request.kind, status: 'queued', fileName, by, total: 0, done: 0, ...filters }, select: { status: true } })
  await enqueueJob(payload, RUN_DATA_EXPORT, { exportId: doc.id })
  return doc.id
}

function ordersWhere(doc: { from?: string | null; to?: string | null; orderStatus?: string | null }): Where {
  const and: Where[] = []
  if (doc.from) and.push({ createdAt: { greater_than_equal: londonInstant(doc.from).toISOString() } })
  if (doc.to) and.push({ createdAt: { less_than: londonInstant(addDays(doc.to, 1)).toISOString() } })
  if (doc.orderStatus) and.push({ status: { equals: doc.orderStatus } })
  return { and }
}

const SELECT = {
  orderNumber: true, createdAt: true, status: true, kind: true, firstName: true, lastName: true, email: true, phone: true, address: true,
  delivery: true, lines: true, subtotalPence: true, discountPence: true, vatPence: true, totalPence: true, couponCode: true, payment: true,
} as const

async function progress(payload: Payload, exportId: number, done: number, total: number, jobId?: number | string) {
  await execute(payload, null, { sql: "UPDATE data_exports SET status = 'running', done = ?, total = ? WHERE id = ?", args: [done, total, exportId] })
  if (jobId != null) await touchJob(payload, jobId, new Date())
}

async function ordersCsv(payload: Payload, exportId: number, doc: Parameters<typeof ordersWhere>[0], jobId?: number | string): Promise<string> {
  const where = ordersWhere(doc)
  const total = (await payload.count({ collection: 'orders', where, overrideAccess: true })).totalDocs
  await progress(payload, exportId, 0, total, jobId)
  const parts = [toCsv([[...ORDER_CSV_HEADER]])]
  let lastId = 0
  let done = 0
  for (;;) {
    // Pages by id (not by page number), so an order placed meanwhile neither repeats a row nor skips one.
    const page = await payload.find({ collection: 'orders', where: { and: [where, { id: { greater_than: lastId } }] }, sort: 'id', limit: EXPORT_PAGE, pagination: false, depth: 0, overrideAccess: true, select: SELECT })
    if (page.docs.length === 0) break
    parts.push(toCsv(page.docs.map((o) => orderCsvRow(o as unknown as ExportOrder, STATUS_LABELS))))
    lastId = Number(page.docs[page.docs.length - 1]!.id)
    done += page.docs.length
    await progress(payload, exportId, done, Math.max(total, done), jobId)
  }
  return parts.join('')
}

/** The catalogue as the stock feed's rows, header first (the catalogue import's exportFeedRows, handed in by the task). */
export type CatalogueRows = (payload: Payload) => Promise<string[][]>

async function catalogueCsv(payload: Payload, exportId: number, catalogueRows: CatalogueRows, jobId?: number | string): Promise<string> {
  await progress(payload, exportId, 0, 0, jobId)
  // The stock feed's own format, as `npm run catalogue:export` writes it, so the file imports again unchanged.
  const rows = await catalogueRows(payload)
  await progress(payload, exportId, rows.length - 1, rows.length - 1, jobId)
  return toCsv(rows)
}

/** Makes the export's file; a finished export is left as it is. */
export async function runDataExport(payload: Payload, exportId: number, options: { readonly catalogueRows: CatalogueRows; readonly jobId?: number | string }): Promise<{ status: string; done: number }> {
  const { catalogueRows, jobId } = options
  const doc = await payload.findByID({ collection: DATA_EXPORTS, id: exportId, depth: 0, overrideAccess: true })
  if (doc.status === 'done') return { status: 'done', done: Number(doc.done ?? 0) }
  try {
    const body = doc.kind === 'catalogue' ? await catalogueCsv(payload, exportId, catalogueRows, jobId) : await ordersCsv(payload, exportId, doc, jobId)
    await execute(payload, null, {
      sql: "UPDATE data_exports SET status = 'done', csv = ?, error = NULL, finished_at = ? WHERE id = ?",
      args: [UTF8_BOM + body, new Date().toISOString(), exportId],
    })
    const done = await payload.findByID({ collection: DATA_EXPORTS, id: exportId, depth: 0, overrideAccess: true, select: { done: true } })
    return { status: 'done', done: Number(done.done ?? 0) }
  } catch (error) {
    await execute(payload, null, { sql: "UPDATE data_exports SET status = 'failed', error = ? WHERE id = ?", args: [String((error as Error)?.message ?? error).slice(0, 2000), exportId] }).catch(() => undefined)
    throw error
  }
}
