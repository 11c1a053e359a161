// POST /api/bookings/test-rides: books a test ride on a demo bike for a day and time; the rider's licence is
// checked against the bike (422 with the reason), one rider per bike and time (409 when just taken).
import { paths } from '../../../../config/paths'
import { testRideRequest } from '../../../../features/bookings/booking-request'
import { bookTestRide } from '../../../../features/bookings/bookings.server'
import { endpoint } from '../../endpoint'
import { bookingRoute } from '../../route-kinds'

export const dynamic = 'force-dynamic'

export const POST = endpoint(bookingRoute(testRideRequest, bookTestRide, paths.testRideSuccess))
