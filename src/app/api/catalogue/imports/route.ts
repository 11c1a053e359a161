// POST /api/catalogue/imports: a stock file (and its pictures) sent from the admin's Catalogue imports page (issue 28).
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleImportUpload } from '../../../../features/catalogue-import/admin-upload.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleImportUpload(await payloadClient(), request)
}
