// GET /api/catalogue/imports/:id/refused: an import's refused rows as CSV, for staff.
import { refusedRowsCsv } from '../../../../../../features/catalogue-import/refused-download.server'
import { endpoint } from '../../../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  handle: (_input, { payload, request, params }) => refusedRowsCsv(request, payload, String(params.id ?? '')),
})
