// POST /api/reserve: reserves a bike and answers where to pay the deposit (route: app/api/reserve).
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { reserveRequest } from '../reservation-request'

export type ReserveBikeRequest = z.input<typeof reserveRequest>
export interface ReserveBikeResponse {
  readonly reservationNumber: string
  readonly depositPence: number
  readonly paymentUrl: string
}

export function reserveBike(body: ReserveBikeRequest) {
  return callApi<ReserveBikeResponse>(paths.api.reserve(), { method: 'POST', body })
}
