// POST /api/finance/orders: the finance application, as the browser calls it (route: app/api/finance/orders;
// server: ./shop-orders.server.ts).
import { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import { financeOrderRequest } from './finance-order-request'

/** Call 5's body, plus the storefront's own optional reservation link token (a reserved bike's application). */
export const shopFinanceOrderRequest = financeOrderRequest.extend({ reservationToken: z.string().min(1).max(2048).optional() }).strict()

export type PlaceFinanceOrderRequest = z.input<typeof shopFinanceOrderRequest>
export interface PlaceFinanceOrderResponse {
  readonly orderId: number
  readonly orderNumber: string
  /** Where the customer can follow the order: their account (true) or the guest lookup. */
  readonly signedIn: boolean
}

export function placeFinanceOrder(body: PlaceFinanceOrderRequest) {
  return callApi<PlaceFinanceOrderResponse>(paths.api.financeOrders(), { method: 'POST', body })
}
