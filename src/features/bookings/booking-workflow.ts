// The bookings collection's rules for staff and for every write: status changes follow the workflow declared in
// domain/booking, are recorded with who and when, and send the customer's emails; what the hooks do on the server
// (capacity taken in the write, a staff booking priced like an online one, the emails) is in staff-booking.server.ts.
import { APIError, type CollectionAfterChangeHook, type CollectionAfterDeleteHook, type CollectionBeforeChangeHook } from 'payload'
import { historyEntry as entry, staffActor, type HistoryEntry } from '../../cms/fields/history'
import { BOOKING_NOTES, staffStatusStep, statusEmail } from '../../domain/booking/booking-lifecycle'
import { checkStatusChange, holdsCapacity, type BookingKind, type JobStatus } from '../../domain/booking/job-status'
import type { Booking } from '../../payload-types'

const bad = (message: string) => new APIError(message, 400, null, true)
/** What the hooks do on the server, loaded when one runs: it is server-only, and the Payload config (loaded outside Next by its CLI) imports these hooks. */
const engine = () => import('./staff-booking.server')

export const bookingBeforeChange: CollectionBeforeChangeHook<Booking> = async ({ data, originalDoc, req, operation, context }) => {
  if (context?.bookingEngine) return data
  const staff = await engine()
  const settings = await staff.loadBookingSettings(req.payload, req)
  const now = new Date()
  const { by, actor } = staffActor(req)

  // A booking staff make by phone or walk-in: priced and checked like an online one.
  if (operation === 'create') return staff.prepareStaffBooking(data, req, settings, now)
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
    await staff.moveDay(req, originalDoc, newDay, settings, now)
    entries.push(entry(now, actor, originalDoc.day, newDay, BOOKING_NOTES.dayMoved, by))
  }

  // A partial update (REST PATCH of the status and the quote) keeps the rest of the job as it was.
  let service = { ...originalDoc.service, ...data.service }
  if (to !== from) {
    if (to === 'cancelled' && holdsCapacity(from)) await staff.cancelHolding(req, originalDoc, from, newDay)
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
    await (await engine()).bookingCreated(req, doc, holdsCapacity(doc.status as JobStatus), !context?.bookingEngine)
    return doc
  }
  const email = statusEmail(doc.status)
  if (context?.bookingEngine || !previousDoc || doc.status === previousDoc.status || !email) return doc
  await (await engine()).sendStatusEmail(req, doc, email)
  return doc
}

export const bookingAfterDelete: CollectionAfterDeleteHook<Booking> = async ({ doc, req, context }) => {
  if (context?.bookingEngine || !holdsCapacity(doc.status as JobStatus) || !doc.resource || !doc.minutes) return doc
  await (await engine()).bookingDeleted(req, doc)
  return doc
}
