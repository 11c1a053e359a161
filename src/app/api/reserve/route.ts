// POST /api/reserve: reserves a bike (ids and contact details only; the deposit comes from the shop's
// settings), holds its one unit and answers where the customer pays the deposit. A repeated key answers the
// same reservation.
import { RATE_RULES } from '../../../features/abuse/rate-limit.server'
import { CUSTOMER_FIELDS } from '../../../features/checkout/checkout-form'
import { reserveRequest } from '../../../features/reservations/reservation-request'
import { reserveByCard } from '../../../features/reservations/reserve-by-card.server'
import { json, refuseOutcome } from '../../../lib/http/respond'
import type { ReserveBikeResponse } from '../../../features/reservations/api/reserve-bike'
import { customerOf, endpoint } from '../endpoint'

export const dynamic = 'force-dynamic'

export const POST = endpoint({
  rule: RATE_RULES.reservation,
  schema: reserveRequest,
  body: { knownFields: CUSTOMER_FIELDS },
  handle: async (input, caller) => {
    const result = await reserveByCard(caller.payload, input, await customerOf(caller))
    if (!result.ok) return refuseOutcome(result)
    return json({ reservationNumber: result.reservationNumber, depositPence: result.depositPence, paymentUrl: result.paymentUrl } satisfies ReserveBikeResponse, result.created ? 201 : 200, { 'set-cookie': result.cookie })
  },
})
