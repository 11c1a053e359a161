// GET /api/exports/:id/csv: a finished export's file, for staff.
import { payloadClient } from '../../../../../cms/payload-client.server'
import { exportFile } from '../../../../../features/exports/export-endpoints.server'

export const dynamic = 'force-dynamic'

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return exportFile(await payloadClient(), request, (await context.params).id)
}
