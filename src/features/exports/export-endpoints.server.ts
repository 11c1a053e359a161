// POST /api/exports: staff ask for a CSV export ({ kind: "orders" | "returns" | "invoices", from, to, status } or
// { kind: "catalogue" }); the
// export is recorded and queued, and the answer names its admin page, which follows the job and offers the file.
// GET /api/exports/:id/csv: the finished file, as an attachment Excel opens as it is. Staff only (signed in to the
// admin, whose session cookie Payload honours only from the shop's own origin, or a staff API key); each staff
// user may ask for a bounded number of exports an hour, since each costs a pass over a list or the catalogue.
import 'server-only'
import type { Payload } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { signedInUser } from '../../cms/auth/session.server'
import { readJsonRequest } from '../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../lib/http/respond'
import type { RateRule } from '../../lib/rate-limit'
import { countShared } from '../../lib/shared-rate-store'
import { DATA_EXPORTS } from './data-exports-collection'
import { LIST_EXPORT_STATES, queueDataExport } from './export-job.server'
import { exportRequestSchema } from './orders-csv'

export const EXPORT_RATE_RULE: RateRule = { name: 'data-export', limit: 30, windowMs: 60 * 60_000 }
const schema = exportRequestSchema(LIST_EXPORT_STATES)

async function staff(payload: Payload, request: Request): Promise<{ id: number } | Response> {
  const user = await signedInUser(payload, request.headers)
  if (!user) return refuse(401, 'unauthorised', 'Sign in to the admin as staff to export.')
  if (!isStaffUser(user)) return refuse(403, 'forbidden', 'Only staff may export the shop’s data.')
  return { id: Number(user.id) }
}

export async function handleExportRequest(payload: Payload, request: Request): Promise<Response> {
  const user = await staff(payload, request)
  if (user instanceof Response) return user
  const parsed = await readJsonRequest(request, schema, { limit: 2048 })
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const decision = await countShared(EXPORT_RATE_RULE, `user:${user.id}`)
  if (!decision.ok) return refuse(429, 'rate_limited', `You have asked for many exports this hour; try again in ${Math.ceil(decision.retryAfterSeconds / 60)} minutes.`, {}, { 'retry-after': String(decision.retryAfterSeconds) })
  const id = await queueDataExport(payload, parsed.value, user.id)
  return json({ exportId: id, adminUrl: `/admin/collections/${DATA_EXPORTS}/${id}` }, 201)
}

export async function exportFile(payload: Payload, request: Request, id: string): Promise<Response> {
  const user = await staff(payload, request)
  if (user instanceof Response) return user
  if (!/^[1-9]\d{0,9}$/.test(id)) return refuse(404, 'not_found', 'No such export.')
  const doc = await payload.findByID({ collection: DATA_EXPORTS, id: Number(id), depth: 0, overrideAccess: true, disableErrors: true })
  if (!doc) return refuse(404, 'not_found', 'No such export.')
  if (doc.status !== 'done' || typeof doc.csv !== 'string') return refuse(409, 'not_ready', `The export is ${doc.status}; its file is offered once it is done.`)
  const name = (doc.fileName ?? `export-${doc.id}.csv`).replace(/[^\w.-]/g, '_')
  return new Response(doc.csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  })
}
