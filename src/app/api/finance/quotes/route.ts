// POST /api/finance/quotes: the storefront's finance quote call (ids and terms in, quotes out); see
// features/finance/api/shop-quotes.server.ts.
import { handleShopQuotes } from '../../../../features/finance/api/shop-quotes.server'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { reservationForFinance } from '../../../../features/reservations/reservation-finance.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.financeQuote,
  handle: (_input, { payload, request }) => handleShopQuotes(request, payload, { reservationForFinance }),
})
