// A booking staff make in the admin for a phone or walk-in customer: priced from the tier and checked against
// the same day rules as an online one (the lead time aside), before the bookings collection saves it.
import 'server-only'
import { APIError, type PayloadRequest } from 'payload'
import { historyEntry as entry, staffActor } from '../../cms/fields/history'
import { dayProblem, todayInUk } from '../../domain/booking/availability'
import { BOOKING_NOTES } from '../../domain/booking/booking-lifecycle'
import type { BookingKind } from '../../domain/booking/job-status'
import { quoteService } from '../../domain/booking/service-pricing'
import type { Booking } from '../../payload-types'
import { rideResource, WORKSHOP_RESOURCE, type BookingSettings } from './booking-settings'
import { loadServiceOptions, newReference } from './bookings.server'

const bad = (message: string) => new APIError(message, 400, null, true)

function idOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (value && typeof value === 'object' && 'id' in value) return Number((value as { id: unknown }).id)
  return undefined
}

export async function prepareStaffBooking(data: Partial<Booking>, req: PayloadRequest, settings: BookingSettings, now: Date): Promise<Partial<Booking>> {
  const kind = (data.kind ?? 'service') as BookingKind
  const problem = dayProblem(kind === 'test_ride' ? settings.testRides : settings.workshop, todayInUk(now), data.day, { ignoreLeadTime: true })
  if (problem) throw bad(problem.message)
  if (kind === 'service') {
    const options = await loadServiceOptions(req.payload, req)
    const quote = quoteService(options, idOf(data.service?.tier) ?? -1, (data.service?.addOns ?? []).map(idOf).filter((x): x is number => x !== undefined), Boolean(data.service?.bike?.eBike))
    if (!quote.ok) throw bad(quote.message)
    data.resource = WORKSHOP_RESOURCE
    data.minutes = quote.minutes
    data.service = { ...data.service, lines: quote.lines.map((l) => ({ name: l.name, pricePence: l.pricePence, minutes: l.minutes })), totalPence: quote.totalPence }
  } else {
    const productId = idOf(data.testRide?.product)
    if (!productId) throw bad('Choose the bike for the test ride.')
    if (!settings.testRides.windows.some((w) => w.starts === data.window)) throw bad(`Choose a test ride time: ${settings.testRides.windows.map((w) => w.starts).join(', ')}.`)
    const product = await req.payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (!product) throw bad('That bike does not exist.')
    data.resource = rideResource(productId, data.window!)
    data.minutes = 1
    data.testRide = { ...data.testRide, bikeName: product.name }
  }
  const { by, actor } = staffActor(req)
  data.status = 'booked'
  data.reference = newReference(kind)
  data.history = [entry(now, actor, undefined, 'booked', BOOKING_NOTES.bookedByStaff(data.source ?? 'phone', data.day, data.window), by)]
  return data
}
