// What the bookings collection's hooks (booking-workflow.ts) do on the server when staff write a booking: a booking
// made for a phone or walk-in customer is priced from the tier and checked against the same day rules as an online
// one (the lead time aside); a job's capacity is taken, moved and given back in the write's transaction (undone by
// hand on SQLite); the customer's emails are sent. The hooks load this module only when they run.
import 'server-only'
import { APIError, type PayloadRequest } from 'payload'
import { historyEntry as entry, staffActor } from '../../cms/fields/history'
import { dayProblem, todayInUk } from '../../domain/booking/availability'
import { BOOKING_NOTES, type statusEmail } from '../../domain/booking/booking-lifecycle'
import type { BookingKind } from '../../domain/booking/job-status'
import { quoteService } from '../../domain/booking/service-pricing'
import type { Booking } from '../../payload-types'
import { cancelledEmail, extraWorkEmail, readyEmail } from './booking-emails'
import { capacityOf, rideResource, WORKSHOP_RESOURCE, type BookingSettings } from './booking-settings'
import { toBookingView } from './booking-view'
import { bookingLinks, loadBookingSettings, loadServiceOptions, newReference, sendBookingEmail, sendConfirmation } from './bookings.server'
import { returnCapacity, takeCapacity } from './capacity.server'
import { cancelHoldingBooking } from './claim-status.server'
import { DayFullError } from './errors'

export { loadBookingSettings }
type Held = Pick<Booking, 'id' | 'kind' | 'resource' | 'minutes' | 'day'>
const transactionOf = async (req: PayloadRequest) => (await req.transactionID) ?? null

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

/**
 * Staff move a job that holds capacity to another day: the day must be one the shop works (the lead time aside); the
 * new day's capacity is taken first, then the old day's given back.
 */
export async function moveDay(req: PayloadRequest, booking: Held, newDay: string, settings: BookingSettings, now: Date): Promise<void> {
  const problem = dayProblem(booking.kind === 'test_ride' ? settings.testRides : settings.workshop, todayInUk(now), newDay, { ignoreLeadTime: true })
  if (problem) throw bad(problem.message)
  const transactionID = await transactionOf(req)
  if (!(await takeCapacity(req.payload, transactionID, booking.resource!, newDay, booking.minutes!, capacityOf(settings, booking.resource!)))) {
    throw new APIError(`${newDay} has no room left for this job. Nothing was changed.`, 409, null, true)
  }
  await returnCapacity(req.payload, transactionID, booking.resource!, booking.day, booking.minutes!)
}

/** Staff cancel a job that holds capacity: claimed from its status, its capacity given back, once. */
export async function cancelHolding(req: PayloadRequest, booking: Held, from: string, day: string): Promise<void> {
  if (!(await cancelHoldingBooking(req.payload, await transactionOf(req), booking, [from], day))) throw new APIError('This booking has just been changed by someone else. Reload it.', 409, null, true)
}

/** A booking just written: it takes its day's capacity (or is removed again, SQLite having no transaction to roll back), then the customer is emailed. */
export async function bookingCreated(req: PayloadRequest, doc: Booking, holds: boolean, email: boolean): Promise<void> {
  if (holds && doc.resource && doc.minutes) {
    const settings = await loadBookingSettings(req.payload, req)
    if (!(await takeCapacity(req.payload, await transactionOf(req), doc.resource, doc.day, doc.minutes, capacityOf(settings, doc.resource)))) {
      await req.payload.delete({ collection: 'bookings', id: doc.id, overrideAccess: true, req, context: { bookingEngine: 'undo' } })
      throw new DayFullError(BOOKING_NOTES.dayFull(doc.kind))
    }
  }
  if (email && doc.email) await sendConfirmation(req.payload, doc)
}

/** The email a staff status change sends the customer (the extra-work quote, ready for collection, cancelled). */
export async function sendStatusEmail(req: PayloadRequest, doc: Booking, email: NonNullable<ReturnType<typeof statusEmail>>): Promise<void> {
  const view = toBookingView(doc)
  const links = await bookingLinks(req.payload, doc)
  await sendBookingEmail(
    req.payload,
    doc,
    (dealer) => (email === 'extra-work-quote' ? extraWorkEmail(view, dealer, links.extraWork) : email === 'booking-cancelled' ? cancelledEmail(view, dealer, links.manage) : readyEmail(view, dealer, links.manage)),
    email,
    false,
  )
}

/** A deleted booking that held capacity gives it back. */
export async function bookingDeleted(req: PayloadRequest, doc: Held): Promise<void> {
  await returnCapacity(req.payload, await transactionOf(req), doc.resource!, doc.day, doc.minutes!)
}
