// Staff download a customer's data for an export request recorded in the admin; the request is marked answered.
import 'server-only'
import type { Payload } from 'payload'
import { customerExport, exportResponse, exportSummaryLine } from './data-requests.server'
import { summaryHtml } from './summary-html'
import { writeRowDirectly } from '../../cms/database-internals'

export async function staffExportResponse(payload: Payload, id: string, staff: { id: number | string }, format: 'json' | 'html' = 'json'): Promise<Response> {
  if (!/^\d{1,12}$/.test(id)) return Response.json({ error: 'No such data request.' }, { status: 404 })
  const request = await payload.findByID({ collection: 'data-requests', id: Number(id), depth: 0, overrideAccess: true, disableErrors: true })
  if (!request) return Response.json({ error: 'No such data request.' }, { status: 404 })
  if (request.kind !== 'export') return Response.json({ error: 'This request is for erasure, not for a copy.' }, { status: 409 })
  const doc = request.accountNumber == null ? null : await customerExport(payload, Number(request.accountNumber))
  if (!doc) return Response.json({ error: 'The account this request is about no longer exists.' }, { status: 410 })
  const now = new Date().toISOString()
  // The record says the copy was made and by whom; the copy itself is not stored (it would be one more copy to erase).
  await writeRowDirectly(payload, 'data-requests', Number(id), { status: 'completed', completedAt: request.completedAt ?? now, outcome: `${exportSummaryLine(doc)} Downloaded by staff account ${staff.id} at ${now}.` })
  return exportResponse(doc, format, summaryHtml)
}
