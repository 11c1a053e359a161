// GET /api/catalogue/imports/:id/refused: an import's refused rows as CSV, for staff.
import { payloadClient } from '../../../../../../cms/payload-client.server'
import { refusedRowsCsv } from '../../../../../../features/catalogue-import/refused-download.server'

export const dynamic = 'force-dynamic'

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return refusedRowsCsv(await payloadClient(), request, (await context.params).id)
}
