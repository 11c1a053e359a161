// GET /api/bookings/calendar?token=…: the booking as an RFC 5545 .ics file, for the signed link's holder only.
import { payloadClient } from '../../../../cms/payload-client.server'
import { bookingFromToken, bookingIcs, bookingLinks, loadBookingSettings } from '../../../../features/bookings/bookings.server'
import { refuseOutcome } from '../../../../lib/http/respond'

export const dynamic = 'force-dynamic'

export async function GET(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token')
  const payload = await payloadClient()
  const found = await bookingFromToken(payload, token)
  if (!found.ok) return refuseOutcome(found)
  const settings = await loadBookingSettings(payload)
  const ics = bookingIcs(found.booking, settings, bookingLinks(payload, found.booking).manage)
  return new Response(ics, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="wheelhouse-${found.booking.reference ?? 'booking'}.ics"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  })
}
