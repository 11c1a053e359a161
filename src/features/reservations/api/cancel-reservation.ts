// POST /api/reserve/cancel: cancels by the signed link's token (route: app/api/reserve/cancel).
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { cancelRequest } from '../reservation-request'
import type { Reservation } from '../../../payload-types'

export type CancelReservationRequest = z.input<typeof cancelRequest>
export interface CancelReservationResponse {
  readonly reservationNumber: string
  readonly status: Reservation['status']
  readonly refunded: boolean
  readonly refundedPence: number
}

export function cancelReservation(body: CancelReservationRequest) {
  return callApi<CancelReservationResponse>(paths.api.reserveCancel(), { method: 'POST', body })
}
