// POST /api/bookings/services: books a workshop job from JSON (tier and add-on ids, a day, the bike and
// contact). The shop prices it; a full day is 409 with the next free days. Answers the signed manage token.
import { paths } from '../../../../config/paths'
import { serviceBookingRequest } from '../../../../features/bookings/booking-request'
import { bookService } from '../../../../features/bookings/bookings.server'
import { endpoint } from '../../endpoint'
import { bookingRoute } from '../../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(bookingRoute(serviceBookingRequest, bookService, paths.bicycleServicesSuccess))
