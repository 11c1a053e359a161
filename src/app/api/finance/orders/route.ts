// The storefront placing a finance application (calls 5 and 6 run on the server); see features/finance/api/shop-orders.ts.
import { payloadClient } from '../../../../cms/payload-client.server'
import { handleShopFinanceOrder } from '../../../../features/finance/api/shop-orders'
import { placeOrder } from '../../../../features/orders/place-order.server'
import { holdNetwork, limitRequest, RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { reservationForFinance } from '../../../../features/reservations/reservation-finance.server'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest(request, RATE_RULES.financeApplication)
  if (limited) return limited
  // The application holds the bike: it counts against what the applicant's network may hold unpaid (ADR 022).
  const network = holdNetwork(request.headers)
  return handleShopFinanceOrder(request, await payloadClient(), { placeOrder: (payload, input) => placeOrder(payload, { ...input, network }), reservationForFinance })
}
