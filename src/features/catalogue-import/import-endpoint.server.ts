// POST /api/catalogue/import: a dealer's system sends the feed's rows as JSON with a staff user's
// API key (`Authorization: users API-Key <key>`); a customer's token, a signed-in browser or no key gets 401/403
// before the body is read. Any refused row refuses the whole request (422, nothing written). A dry run answers the
// counts and writes nothing; otherwise the rows are recorded as an import and run as a job now (durable: if
// this process stops, the runner finishes it).
import 'server-only'
import type { Payload } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { signedInUser } from '../../cms/auth/session.server'
import type { RawRow } from '../../domain/catalogue/import/feed-rows'
import { readJsonRequest } from '../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../lib/http/respond'
import { CATALOGUE_IMPORTS } from './catalogue-imports-collection'
import { importFeed } from './import-feed.server'
import { queueCatalogueImport } from './import-job.server'
import { catalogueImportRequest, MAX_IMPORT_BYTES } from './import-request'

export async function handleCatalogueImport(request: Request, payload: Payload): Promise<Response> {
  const user = await signedInUser(payload, request.headers)
  if (!user || (user as { _strategy?: string })._strategy !== 'api-key') {
    return refuse(401, 'api_key_required', 'Send a staff user’s API key: Authorization: users API-Key <key>.', {}, { 'www-authenticate': 'API-Key' })
  }
  if (!isStaffUser(user)) return refuse(403, 'forbidden', 'Only a staff user’s API key may import stock.')

  const parsed = await readJsonRequest(request, catalogueImportRequest, { limit: MAX_IMPORT_BYTES })
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const body = parsed.value
  const raw: RawRow[] = body.rows.map((r, i) => ({ line: i + 1, cells: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v == null ? '' : String(v)])) }))

  // A push is all or nothing: any refused row refuses the request (422, with every refused row), so a dealer's
  // system never half-applies a change. The dry run that checks it is also the answer to a dry run.
  const check = await importFeed(payload, raw, { actor: `api (dry run) by user ${user.id}`, dryRun: true, fullFeed: body.fullFeed ?? false })
  const counts = { total: check.total, created: check.created, updated: check.updated, unchanged: check.unchanged, refused: check.refused, archived: check.archived }
  if (check.refused > 0) {
    return refuse(422, 'rows_refused', `${check.refused} of ${check.total} rows were refused; nothing was imported.`, { dryRun: body.dryRun, ...counts, refusedRows: check.refusedRows })
  }
  if (body.dryRun) return json({ dryRun: true, ...counts, refusedRows: [] })
  const id = await queueCatalogueImport(payload, raw, { fileName: `api push by user ${user.id}`, source: 'api', fullFeed: body.fullFeed ?? false, by: Number(user.id) }, { runNow: true })
  const doc = await payload.findByID({ collection: CATALOGUE_IMPORTS, id, depth: 0, overrideAccess: true, select: { status: true, total: true, done: true, created: true, updated: true, unchanged: true, refusedCount: true, archived: true, refused: true } })
  const finished = doc.status === 'done'
  return json(
    { dryRun: false, importId: id, status: doc.status, total: doc.total, done: doc.done, created: doc.created, updated: doc.updated, unchanged: doc.unchanged, refused: doc.refusedCount, archived: doc.archived, refusedRows: doc.refused ?? [] },
    finished ? 200 : 202,
  )
}
