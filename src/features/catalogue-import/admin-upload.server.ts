// POST /api/catalogue/imports: a stock file sent from the admin's Catalogue imports page, as
// multipart form data: `file` (the CSV), optional `images` (a zip of pictures), `encoding`, `fullFeed` and `dryRun`. Staff
// only: signed in to the admin (Payload honours the session cookie only from the shop's own origin, its CSRF
// rule) or with a staff API key. A dry run answers what the import would do and writes nothing; otherwise the
// zip's pictures go into the media library, the rows are recorded as an import and its job is queued for the
// shop's runner, and the answer names the import, whose admin page shows its progress.
import 'server-only'
import type { Payload } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { signedInUser } from '../../cms/auth/session.server'
import { paths } from '../../config/paths'
import { csvRows, FeedError, type RawRow } from '../../domain/catalogue/import/feed-rows'
import { readBoundedBytes } from '../../lib/http/bounded-body'
import { json, refuse } from '../../lib/http/respond'
import { isPlainText } from '../../lib/text/plain-text'
import { decodeText, TEXT_ENCODING_CHOICES, type TextEncodingChoice } from '../../lib/text/text-encoding'
import { importFeed } from './import-feed.server'
import { queueCatalogueImport } from './import-job.server'
import { uploadZipImages } from './zip-images.server'

/** The CSV and the zip together; a larger catalogue is imported with `npm run catalogue:import`. */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024
/** Refused rows a dry run lists in its answer (all of them are counted). */
const DRY_RUN_LISTED = 200

const isFile = (value: FormDataEntryValue | null): value is File => typeof value === 'object' && value !== null && typeof (value as File).arrayBuffer === 'function'
const flag = (value: FormDataEntryValue | null) => typeof value === 'string' && ['true', 'on', '1', 'yes'].includes(value.toLowerCase())

export async function handleImportUpload(request: Request, payload: Payload): Promise<Response> {
  const user = await signedInUser(payload, request.headers)
  if (!user) return refuse(401, 'unauthorised', 'Sign in to the admin as staff to import stock.')
  if (!isStaffUser(user)) return refuse(403, 'forbidden', 'Only staff may import stock.')

  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) return refuse(415, 'unsupported_media_type', 'Send the stock file as multipart/form-data (a form with a file field).')
  const body = await readBoundedBytes(request, MAX_UPLOAD_BYTES)
  if (!body.ok) return refuse(413, 'payload_too_large', `The file and pictures may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB together; import a larger catalogue with npm run catalogue:import.`)
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body.bytes), { headers: { 'content-type': contentType } }).formData()
  } catch {
    return refuse(400, 'invalid_request', 'The form data could not be read.')
  }

  const file = form.get('file')
  if (!isFile(file) || file.size === 0) return refuse(400, 'invalid_request', 'Choose the stock file (CSV) to import.', { fields: { file: 'Choose a CSV file.' } })
  const zip = form.get('images')
  const hasZip = isFile(zip) && zip.size > 0
  // UTF-8 or Windows-1252 (Excel's plain "CSV" on a UK machine), as chosen on the form or detected.
  const choice = form.get('encoding') ?? 'auto'
  if (typeof choice !== 'string' || !TEXT_ENCODING_CHOICES.includes(choice as TextEncodingChoice)) return refuse(400, 'invalid_request', 'Choose the file’s encoding: detect it, UTF-8 or Windows-1252.', { fields: { encoding: 'Choose auto, utf-8 or windows-1252.' } })
  const decoded = decodeText(new Uint8Array(await file.arrayBuffer()), choice as TextEncodingChoice)
  if (!decoded.ok) return refuse(422, 'unreadable_file', `The stock file cannot be read: ${decoded.message}`)
  const text = decoded.text
  if (!isPlainText(text)) return refuse(422, 'invalid_characters', 'The stock file contains characters that are not allowed (control characters or broken unicode).')
  let raw: RawRow[]
  try {
    raw = csvRows(text)
  } catch (error) {
    if (error instanceof FeedError) return refuse(422, 'unreadable_file', `The stock file cannot be imported: ${error.message}.`)
    throw error
  }
  if (raw.length === 0) return refuse(422, 'unreadable_file', 'The stock file has a header but no rows.')

  const dryRun = flag(form.get('dryRun'))
  const fullFeed = flag(form.get('fullFeed'))
  let images: Map<string, number> | undefined
  if (hasZip) {
    try {
      images = await uploadZipImages(payload, Buffer.from(await zip.arrayBuffer()), { dryRun })
    } catch (error) {
      payload.logger.warn({ err: error }, 'catalogue import: a zip of pictures could not be read')
      return refuse(422, 'unreadable_zip', 'The pictures could not be read: send a .zip file of JPEG, PNG, WebP, AVIF or GIF pictures.')
    }
  }
  const fileName = file.name.slice(0, 200) || 'upload.csv'

  if (dryRun) {
    const report = await importFeed(payload, raw, { actor: `admin (dry run) by user ${user.id}`, dryRun: true, fullFeed, images })
    return json({
      dryRun: true,
      fileName,
      total: report.total,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      refused: report.refused,
      archived: report.archived,
      refusedRows: report.refusedRows.slice(0, DRY_RUN_LISTED),
    })
  }
  // The zip's pictures are in the media library now, where the job finds them by name; the runner takes the job
  // within seconds (it is not run inside this request, so a large file never holds a browser waiting).
  const importId = await queueCatalogueImport(payload, raw, { fileName, source: 'admin', fullFeed, by: Number(user.id) })
  return json({ dryRun: false, importId, total: raw.length, adminUrl: paths.adminCatalogueImport(importId) }, 201)
}
