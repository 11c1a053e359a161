// POST /api/reserve: reserves a bike (ids and contact details only; the deposit comes from the shop's
// settings), holds its one unit and answers where the customer pays the deposit. A repeated key answers the
// same reservation.
import { RATE_RULES } from '../../../features/abuse/rate-limit.server'
import { reserveRequest } from '../../../features/reservations/reservation-request'
import { reserveByCard } from '../../../features/reservations/reserve-by-card.server'
import type { ReserveBikeResponse } from '../../../features/reservations/api/reserve-bike'
import { endpoint } from '../endpoint'
import { cardHoldRoute } from '../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(
  cardHoldRoute(RATE_RULES.reservation, reserveRequest, reserveByCard, (placed) => ({ reservationNumber: placed.reservationNumber, depositPence: placed.depositPence, paymentUrl: placed.paymentUrl }) satisfies ReserveBikeResponse),
)
