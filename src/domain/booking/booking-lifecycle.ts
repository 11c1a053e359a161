// What a staff status change of a workshop job or test ride becomes, declared as data: its history note, the
// extra-work decision (pre-authorised work goes straight on), the collection dates of a finished job, and the
// customer email each status sends. Pure; the bookings collection's hooks (features/bookings) run it.
import { todayInUk } from './availability'
import { addDays, type IsoDay } from './calendar'
import { extraWorkPreAuthorised, type JobStatus } from './job-status'

export const BOOKING_NOTES = {
  bookedByStaff: (source: string, day: string | undefined, window?: string | null) => `Booked by staff (${source}) for ${day}${window ? ` ${window}` : ''}.`,
  dayMoved: 'Day moved by staff.',
  extraWorkPreAuthorised: (quotePence: number) => `Extra work (${quotePence}p) is within the pre-authorised limit: approved without asking.`,
  extraWorkQuoted: (quotePence: number) => `Extra work quoted at ${quotePence}p; approval requested by email.`,
  readyForCollection: 'Ready for collection; customer emailed.',
  statusChanged: 'Status changed by staff.',
  dayFull: (kind: 'service' | 'test_ride') => (kind === 'test_ride' ? 'Sorry, that time has just been booked for this bike: please choose another time.' : 'Sorry, that day has just filled up: please choose another day.'),
} as const

/** The customer email a booking's new status sends (its tag in the outbox). */
export const STATUS_EMAILS = { awaiting_approval: 'extra-work-quote', ready_for_collection: 'ready-for-collection', cancelled: 'booking-cancelled' } as const satisfies Partial<Record<JobStatus, string>>

export type StatusEmail = (typeof STATUS_EMAILS)[keyof typeof STATUS_EMAILS]

export function statusEmail(status: string): StatusEmail | undefined {
  return STATUS_EMAILS[status as keyof typeof STATUS_EMAILS]
}

export interface ExtraWorkQuote {
  readonly description?: string | null
  readonly quotePence?: number | null
}

export type StaffStep =
  | { readonly ok: false; readonly message: string }
  | {
      readonly ok: true
      /** The status the job ends in (pre-authorised extra work goes straight to in progress). */
      readonly to: JobStatus
      readonly note: string
      readonly extraWork?: { readonly decision: 'pre_authorised' | 'pending'; readonly decidedAt: string | null }
      readonly ready?: { readonly readyAt: string; readonly collectBy: IsoDay }
    }

/** A staff status change (already allowed by `checkStatusChange`) of a job: what it writes besides the status. */
export function staffStatusStep(to: JobStatus, quote: ExtraWorkQuote | null | undefined, limitPence: number | null | undefined, now: Date, collectionDays: number): StaffStep {
  const at = now.toISOString()
  if (to === 'awaiting_approval') {
    if (!quote?.description || quote.quotePence == null || quote.quotePence <= 0) return { ok: false, message: 'Describe the extra work and enter its quote (in pence) before asking the customer to approve it.' }
    if (extraWorkPreAuthorised(quote.quotePence, limitPence)) return { ok: true, to: 'in_progress', note: BOOKING_NOTES.extraWorkPreAuthorised(quote.quotePence), extraWork: { decision: 'pre_authorised', decidedAt: at } }
    return { ok: true, to, note: BOOKING_NOTES.extraWorkQuoted(quote.quotePence), extraWork: { decision: 'pending', decidedAt: null } }
  }
  if (to === 'ready_for_collection') return { ok: true, to, note: BOOKING_NOTES.readyForCollection, ready: { readyAt: at, collectBy: addDays(todayInUk(now), collectionDays) } }
  return { ok: true, to, note: BOOKING_NOTES.statusChanged }
}
