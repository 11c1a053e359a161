// The bookings collection's rules for staff and for every write: a staff booking (phone, walk-in) is priced
// and checked like an online one (staff-booking.server.ts); every booking takes its capacity in
// the same write (afterChange, inside the write's transaction on PostgreSQL, undone by hand on SQLite);
// status changes follow the workflow, are recorded with who and when, and send the customer's emails.
import { APIError, type CollectionAfterChangeHook, type CollectionAfterDeleteHook, type CollectionBeforeChangeHook } from 'payload'
import { historyEntry as entry, staffActor, type HistoryEntry } from '../../cms/fields/history'
import { dayProblem, todayInUk } from '../../domain/booking/availability'
import { BOOKING_NOTES, staffStatusStep, statusEmail } from '../../domain/booking/booking-lifecycle'
import { checkStatusChange, holdsCapacity, type BookingKind, type JobStatus } from '../../domain/booking/job-status'
import type { Booking } from '../../payload-types'
import { capacityOf } from './booking-settings'
import { cancelledEmail, extraWorkEmail, readyEmail } from './booking-emails'
import { toBookingView } from './booking-view'
import { DayFullError } from './errors'

const bad = (message: string) => new APIError(message, 400, null, true)

export const bookingBeforeChange: CollectionBeforeChangeHook<Booking> = async ({ data, originalDoc, req, operation, context }) => {
  if (context?.bookingEngine) return data
  const { loadBookingSettings } = await import('./bookings.server') // server-only: never loaded with the config
  const settings = await loadBookingSettings(req.payload, req)
  const now = new Date()
  const today = todayInUk(now)
  const { by, actor } = staffActor(req)

  // A booking staff make by phone or walk-in: priced and checked like an online one.
  if (operation === 'create') return (await import('./staff-booking.server')).prepareStaffBooking(data, req, settings, now)
  if (!originalDoc) return data
  const kind = originalDoc.kind as BookingKind
  const from = originalDoc.status as JobStatus
  let to = (data.status ?? from) as JobStatus
  const entries: HistoryEntry[] = []
  const check = checkStatusChange(kind, from, to)
  if (!check.ok) throw bad(check.message)

  // Staff moving the day: take the new day's capacity first, then give the old one back.
  const newDay = data.day ?? originalDoc.day
  if (newDay !== originalDoc.day && holdsCapacity(from) && originalDoc.resource && originalDoc.minutes) {
    const problem = dayProblem(kind === 'test_ride' ? settings.testRides : settings.workshop, today, newDay, { ignoreLeadTime: true })
    if (problem) throw bad(problem.message)
    // server-only: never loaded with the config (as above)
    const { takeCapacity, returnCapacity } = await import('./capacity.server')
    const transactionID = (await req.transactionID) ?? null
    if (!(await takeCapacity(req.payload, transactionID, originalDoc.resource, newDay, originalDoc.minutes, capacityOf(settings, originalDoc.resource)))) {
      throw new APIError(`${newDay} has no room left for this job. Nothing was changed.`, 409, null, true)
    }
    await returnCapacity(req.payload, transactionID, originalDoc.resource, originalDoc.day, originalDoc.minutes)
    entries.push(entry(now, actor, originalDoc.day, newDay, BOOKING_NOTES.dayMoved, by))
  }

  // A partial update (REST PATCH of the status and the quote) keeps the rest of the job as it was.
  let service = { ...originalDoc.service, ...data.service }
  if (to !== from) {
    if (to === 'cancelled' && holdsCapacity(from)) {
      // server-only: never loaded with the config
      const { cancelHoldingBooking } = await import('./claim-status.server')
      if (!(await cancelHoldingBooking(req.payload, (await req.transactionID) ?? null, originalDoc, [from], newDay))) throw new APIError('This booking has just been changed by someone else. Reload it.', 409, null, true)
    }
    const step = staffStatusStep(to, service?.extraWork, service?.extraWorkLimitPence, now, settings.workshop.collectionDays)
    if (!step.ok) throw bad(step.message)
    if (step.extraWork) service = { ...service, extraWork: { ...service?.extraWork, ...step.extraWork } }
    service = { ...service, ...step.ready }
    entries.push(entry(now, actor, from, step.to, step.note, by))
    to = step.to
  }
  if (!entries.length) return data
  return { ...data, status: to, service, history: [...(originalDoc.history ?? []), ...entries] }
}

export const bookingAfterChange: CollectionAfterChangeHook<Booking> = async ({ doc, previousDoc, req, operation, context }) => {
  if (operation === 'create') {
    if (holdsCapacity(doc.status as JobStatus) && doc.resource && doc.minutes) {
      // server-only: never loaded with the config
      const { takeCapacity } = await import('./capacity.server')
      const { loadBookingSettings } = await import('./bookings.server')
      const settings = await loadBookingSettings(req.payload, req)
      const transactionID = (await req.transactionID) ?? null
      if (!(await takeCapacity(req.payload, transactionID, doc.resource, doc.day, doc.minutes, capacityOf(settings, doc.resource)))) {
        // No room: the booking must not stay (SQLite has no transaction to roll it back).
        await req.payload.delete({ collection: 'bookings', id: doc.id, overrideAccess: true, req, context: { bookingEngine: 'undo' } })
        throw new DayFullError(BOOKING_NOTES.dayFull(doc.kind))
      }
    }
    if (!context?.bookingEngine && doc.email) {
      // server-only: never loaded with the config
      const { sendConfirmation } = await import('./bookings.server')
      await sendConfirmation(req.payload, doc)
    }
    return doc
  }
  const email = statusEmail(doc.status)
  if (context?.bookingEngine || !previousDoc || doc.status === previousDoc.status || !email) return doc
  // server-only: never loaded with the config
  const { sendBookingEmail, bookingLinks, loadBookingSettings } = await import('./bookings.server')
  const view = toBookingView(doc)
  const links = bookingLinks(req.payload, doc)
  const settings = email === 'ready-for-collection' ? await loadBookingSettings(req.payload, req) : null
  const mail = email === 'extra-work-quote' ? extraWorkEmail(view, links.extraWork) : email === 'booking-cancelled' ? cancelledEmail(view) : readyEmail(view, { address: settings!.address, phone: settings!.phone }, links.manage)
  await sendBookingEmail(req.payload, doc, mail, email, false)
  return doc
}

export const bookingAfterDelete: CollectionAfterDeleteHook<Booking> = async ({ doc, req, context }) => {
  if (context?.bookingEngine || !holdsCapacity(doc.status as JobStatus) || !doc.resource || !doc.minutes) return doc
  // server-only: never loaded with the config
  const { returnCapacity } = await import('./capacity.server')
  await returnCapacity(req.payload, (await req.transactionID) ?? null, doc.resource, doc.day, doc.minutes)
  return doc
}
