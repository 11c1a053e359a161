// POST /api/finance/orders: the finance application (route: app/api/finance/orders; server: ./shop-orders.ts).
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { shopFinanceOrderRequest } from './shop-orders'

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
