// GET /api/search/suggest?q=…: products with their price, brands and categories with counts.
import { handleSuggest } from '../../../../features/search/suggest.server'
import { groupPageTotals } from '../../../../features/listing/page-totals.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  handle: (_input, { payload, request }) => handleSuggest(request, payload, groupPageTotals),
})
