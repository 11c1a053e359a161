// A CSV export as a durable job on the jobs queue (ADR 055): the request records what staff asked for and queues
// the job; the job writes the rows a page at a time, saying after each page how many are done (the export's admin
// page shows it as a progress bar), and stores the finished file with the record. Running it again (a restart half
// way) starts the file afresh: nothing is changed by an export but its own record.
import 'server-only'
import type { CollectionSlug, Payload, Where } from 'payload'
import { addDays, londonDay, londonInstant } from '../../domain/booking/calendar'
import { execute } from '../../cms/sql.server'
import { toCsv } from '../../lib/text/csv'
import { enqueueJob, touchJob } from '../jobs/queue.server'
import { RUN_DATA_EXPORT } from '../jobs/task-names'
import { ORDER_STATUS_LABELS } from '../../domain/orders/order-status'
import { RETURN_STATES } from '../../domain/returns/return-lifecycle'
import { DATA_EXPORTS } from './data-exports-collection'
import { exportFileName, ORDER_CSV_HEADER, orderCsvRow, UTF8_BOM, type ExportOrder, type ListExportKind } from './orders-csv'
import { DOCUMENT_CSV_HEADER, documentCsvRow, RETURN_CSV_HEADER, returnCsvRow, type ExportDocument, type ExportReturn } from './records-csv'

/** Records read and written per page: each page's progress is committed with its count. */
export const EXPORT_PAGE = 500

export type ExportRequest = { readonly kind: 'catalogue' } | { readonly kind: ListExportKind; readonly from?: string; readonly to?: string; readonly status?: string }

const STATUS_LABELS: Readonly<Record<string, string>> = ORDER_STATUS_LABELS

/** What each list exports: its collection, the day it was made and the state staff filter by, and its rows. */
interface ListExport {
  readonly collection: CollectionSlug
  readonly madeAt: string
  readonly state: string
  readonly states: readonly string[]
  readonly header: readonly string[]
  readonly row: (doc: unknown) => string[]
  readonly select?: Record<string, true>
  readonly depth: number
}

const LISTS: Readonly<Record<ListExportKind, ListExport>> = {
  orders: {
    collection: 'orders', madeAt: 'createdAt', state: 'status', states: Object.keys(ORDER_STATUS_LABELS), header: ORDER_CSV_HEADER, depth: 0,
    row: (o) => orderCsvRow(o as ExportOrder, STATUS_LABELS),
    select: { orderNumber: true, createdAt: true, status: true, kind: true, firstName: true, lastName: true, email: true, phone: true, address: true, delivery: true, lines: true, subtotalPence: true, discountPence: true, vatPence: true, totalPence: true, couponCode: true, payment: true },
  },
  // Read at depth 1 for the order's number (and a credit note's invoice number); a page is 500 rows.
  returns: { collection: 'returns', madeAt: 'createdAt', state: 'state', states: RETURN_STATES, header: RETURN_CSV_HEADER, depth: 1, row: (r) => returnCsvRow(r as ExportReturn) },
  invoices: { collection: 'invoices', madeAt: 'issuedAt', state: 'kind', states: ['invoice', 'credit-note'], header: DOCUMENT_CSV_HEADER, depth: 1, row: (d) => documentCsvRow(d as ExportDocument) },
}

/** The states each list may be filtered by (the request's schema offers these). */
export const LIST_EXPORT_STATES: Readonly<Record<ListExportKind, readonly string[]>> = { orders: LISTS.orders.states, returns: LISTS.returns.states, invoices: LISTS.invoices.states }

/** Records the export and queues its job; answers the export's id. The runner takes the job within seconds. */
export async function queueDataExport(payload: Payload, request: ExportRequest, by: number | null, now = new Date()): Promise<number> {
  const filters = request.kind !== 'catalogue' ? { from: request.from ?? null, to: request.to ?? null, orderStatus: request.status || null } : {}
  const fileName = exportFileName(request.kind, londonDay(now), { from: filters.from, to: filters.to, status: filters.orderStatus })
  const doc = await payload.create({ collection: DATA_EXPORTS, overrideAccess: true, data: { kind: request.kind, status: 'queued', fileName, by, total: 0, done: 0, ...filters }, select: { status: true } })
  await enqueueJob(payload, RUN_DATA_EXPORT, { exportId: doc.id })
  return doc.id
}

function listWhere(list: ListExport, doc: { from?: string | null; to?: string | null; orderStatus?: string | null }): Where {
  const and: Where[] = []
  if (doc.from) and.push({ [list.madeAt]: { greater_than_equal: londonInstant(doc.from).toISOString() } })
  if (doc.to) and.push({ [list.madeAt]: { less_than: londonInstant(addDays(doc.to, 1)).toISOString() } })
  if (doc.orderStatus) and.push({ [list.state]: { equals: doc.orderStatus } })
  return { and }
}

async function progress(payload: Payload, exportId: number, done: number, total: number, jobId?: number | string) {
  await execute(payload, null, { sql: "UPDATE data_exports SET status = 'running', done = ?, total = ? WHERE id = ?", args: [done, total, exportId] })
  if (jobId != null) await touchJob(payload, jobId, new Date())
}

async function listCsv(payload: Payload, exportId: number, list: ListExport, doc: Parameters<typeof listWhere>[1], jobId?: number | string): Promise<string> {
  const where = listWhere(list, doc)
  const total = (await payload.count({ collection: list.collection, where, overrideAccess: true })).totalDocs
  await progress(payload, exportId, 0, total, jobId)
  const parts = [toCsv([[...list.header]])]
  let lastId = 0
  let done = 0
  for (;;) {
    // Pages by id (not by page number), so a record made meanwhile neither repeats a row nor skips one.
    const page = await payload.find({ collection: list.collection, where: { and: [where, { id: { greater_than: lastId } }] }, sort: 'id', limit: EXPORT_PAGE, pagination: false, depth: list.depth, overrideAccess: true, ...(list.select ? { select: list.select } : {}) })
    if (page.docs.length === 0) break
    parts.push(toCsv(page.docs.map((d) => list.row(d))))
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
    const list = LISTS[doc.kind as ListExportKind]
    if (doc.kind !== 'catalogue' && !list) throw new Error(`no export of kind ${doc.kind}`)
    const body = doc.kind === 'catalogue' ? await catalogueCsv(payload, exportId, catalogueRows, jobId) : await listCsv(payload, exportId, list, doc, jobId)
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
