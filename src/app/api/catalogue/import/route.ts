// POST /api/catalogue/import: a dealer system's stock push, authenticated by a staff API key (issue 28; README "Importing stock").
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleCatalogueImport } from '../../../../features/catalogue-import/import-endpoint.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  return handleCatalogueImport(await payloadClient(), request)
}
