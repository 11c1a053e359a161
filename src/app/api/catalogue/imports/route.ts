// POST /api/catalogue/imports: a stock file (and its pictures) sent from the admin's Catalogue imports page.
import { handleImportUpload } from '../../../../features/catalogue-import/admin-upload.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: (_input, { payload, request }) => handleImportUpload(request, payload),
})
