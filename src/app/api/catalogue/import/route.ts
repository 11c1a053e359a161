// POST /api/catalogue/import: a dealer system's stock push, authenticated by a staff API key (README "Importing stock").
import { handleCatalogueImport } from '../../../../features/catalogue-import/import-endpoint.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  handle: (_input, { payload, request }) => handleCatalogueImport(request, payload),
})
