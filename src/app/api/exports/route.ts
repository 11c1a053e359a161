// POST /api/exports: staff ask for a CSV export (orders by date and status, or the catalogue), made on the jobs queue.
import { handleExportRequest } from '../../../features/exports/export-endpoints.server'
import { endpoint } from '../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: (_input, { payload, request }) => handleExportRequest(payload, request),
})
