// GET /api/catalogue/imports/:id/refused: an import's refused rows as a CSV (line, sku, reason) for staff to
// download and fix. Staff only, signed in to the admin or with a staff API key.
import 'server-only'
import type { Payload } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { signedInUser } from '../../cms/auth/session.server'
import { toCsv } from '../../lib/text/csv'
import { refusedCsvRows, type RefusedRow } from '../../domain/catalogue/import/feed-rows'
import { refuse } from '../../lib/http/respond'
import { CATALOGUE_IMPORTS } from './catalogue-imports-collection'

export async function refusedRowsCsv(request: Request, payload: Payload, id: string): Promise<Response> {
  const user = await signedInUser(payload, request.headers)
  if (!user) return refuse(401, 'unauthorised', 'Sign in as staff to download an import’s refused rows.')
  if (!isStaffUser(user)) return refuse(403, 'forbidden', 'Only staff may download an import’s refused rows.')
  if (!/^[1-9]\d{0,9}$/.test(id)) return refuse(404, 'not_found', 'No such import.')
  const doc = await payload.findByID({ collection: CATALOGUE_IMPORTS, id: Number(id), depth: 0, overrideAccess: true, disableErrors: true })
  if (!doc) return refuse(404, 'not_found', 'No such import.')
  const body = toCsv(refusedCsvRows((doc.refused as RefusedRow[] | null) ?? []))
  return new Response(body, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="import-${doc.id}-refused.csv"`, 'cache-control': 'no-store' },
  })
}
