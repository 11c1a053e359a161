// The storefront's finance quote call (ids and terms in, quotes out); see features/finance/api/shop-quotes.ts.
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleShopQuotes } from '../../../../features/finance/api/shop-quotes'
import { limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { reservationForFinance } from '../../../../features/reservations/reservation-finance.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.financeQuote)
  if (limited) return limited
  return handleShopQuotes(request, await payloadClient(), { reservationForFinance })
}
