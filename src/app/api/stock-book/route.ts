// GET /api/stock-book: the margin scheme's stock book as CSV (ADR 049), for staff only.
import { RATE_RULES } from '../../../features/abuse/rate-limit.server'
import { stockBookResponse } from '../../../features/invoices/stock-book.server'
import { endpoint } from '../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  rule: RATE_RULES.documentPdf,
  handle: async (_none, { payload, account }) => stockBookResponse(payload, await account()),
})
