// GET /api/bookings/calendar?token=…: the booking as an RFC 5545 .ics file, for the signed link's holder only.
import { bookingFromToken, bookingIcs, bookingLinks, loadBookingSettings } from '../../../../features/bookings/bookings.server'
import { refuseOutcome } from '../../../../lib/http/respond'
import { endpoint } from '../../endpoint'

export const dynamic = 'force-dynamic'

export const GET = endpoint({
  handle: async (_input, { payload, request }) => {
    const token = new URL(request.url).searchParams.get('token')
    const found = await bookingFromToken(payload, token)
    if (!found.ok) return refuseOutcome(found)
    const settings = await loadBookingSettings(payload)
    const ics = bookingIcs(found.booking, settings, (await bookingLinks(payload, found.booking)).manage)
    return new Response(ics, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="wheelhouse-${found.booking.reference ?? 'booking'}.ics"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    })
  },
})
