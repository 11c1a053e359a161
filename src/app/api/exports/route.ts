// POST /api/exports: staff ask for a CSV export (orders by date and status, or the catalogue), made on the jobs queue.
import { payloadClient } from '../../../cms/payload-client.server'
import { handleExportRequest } from '../../../features/exports/export-endpoints.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleExportRequest(await payloadClient(), request)
}
