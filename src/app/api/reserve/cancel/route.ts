// POST /api/reserve/cancel: the customer cancels with the signed link from their email or page (no
// account needed). An unpaid reservation closes its payment; a paid one is refunded and the bike released.
import { RATE_RULES } from '../../../../features/abuse/rate-limit.server'
import { json, refuse } from '../../../../lib/http/respond'
import type { CancelReservationResponse } from '../../../../features/reservations/api/cancel-reservation'
import { cancelReservation } from '../../../../features/reservations/reservation-lifecycle.server'
import { cancelRequest } from '../../../../features/reservations/reservation-request'
import { reservationIdFromToken } from '../../../../features/reservations/reservation-token'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

const notFound = () => refuse(404, 'not_found', 'This reservation link is not valid or has expired. Please contact us.')

export const POST = endpoint({
  rule: RATE_RULES.reservationCancel,
  schema: cancelRequest,
  wrongShape: () => refuse(400, 'invalid_request', 'Send the token from your reservation link.'),
  handle: async ({ token }, { payload }) => {
    const reservationId = await reservationIdFromToken(token)
    if (reservationId === null) return notFound()
    const exists = await payload.count({ collection: 'reservations', where: { id: { equals: reservationId } }, overrideAccess: true })
    if (exists.totalDocs === 0) return notFound()
    const result = await cancelReservation(payload, reservationId)
    if (!result.ok) return refuse(result.status, 'not_cancellable', result.message)
    const r = await payload.findByID({ collection: 'reservations', id: reservationId, depth: 0, overrideAccess: true })
    return json({ reservationNumber: r.reservationNumber, status: r.status, refunded: result.refunded, refundedPence: r.payment?.refundedPence ?? 0 } satisfies CancelReservationResponse)
  },
})
