// The storefront's finance quote call (ids and terms in, quotes out); see features/finance/api/shop-quotes.ts.
import { handleShopQuotes } from '../../../../features/finance/api/shop-quotes'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { reservationForFinance } from '../../../../features/reservations/reservation-finance.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.financeQuote,
  handle: (_body, { payload, request }) => handleShopQuotes(request, payload, { reservationForFinance }),
})
