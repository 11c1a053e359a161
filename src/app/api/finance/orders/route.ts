// POST /api/finance/orders: the storefront placing a finance application (calls 5 and 6 run on the server); see
// features/finance/api/shop-orders.server.ts.
import { handleShopFinanceOrder } from '../../../../features/finance/api/shop-orders.server'
import { placeOrder } from '../../../../features/orders/place-order.server'
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { reservationForFinance } from '../../../../features/reservations/reservation-finance.server'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.financeApplication,
  // The feature reads its own body: its tests call it directly. The application holds the bike: it counts
  // against what the applicant's network may hold unpaid (ADR 022).
  handle: (_input, { payload, request, network }) => handleShopFinanceOrder(request, payload, { placeOrder: (p, input) => placeOrder(p, { ...input, network }), reservationForFinance }),
})
