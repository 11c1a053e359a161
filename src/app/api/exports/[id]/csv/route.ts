// GET /api/exports/:id/csv: a finished export's file, for staff.
import { exportFile } from '../../../../../features/exports/export-endpoints.server'
import { endpoint } from '../../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  handle: (_input, { payload, request, params }) => exportFile(payload, request, String(params.id ?? '')),
})
