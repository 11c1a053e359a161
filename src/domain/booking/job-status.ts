// The workshop job and test-ride workflow: which status changes staff and customers may make, and which
// statuses still hold the day's capacity, declared once in JOB_STATES.
import { statesOf } from '../lifecycle'

export type JobStatus = 'booked' | 'checked_in' | 'in_progress' | 'awaiting_approval' | 'ready_for_collection' | 'collected' | 'completed' | 'cancelled' | 'no_show'
export type BookingKind = 'service' | 'test_ride'

/** One state of a booking: its label, whether it keeps its day's capacity, and where it may go for each kind of booking. */
export interface JobState {
  readonly label: string
  /** A cancelled booking gives its day's capacity back; every other status keeps it (a no-show still used the slot). */
  readonly holdsCapacity: boolean
  /** Customers may cancel or move only a booking that has not started. */
  readonly customerMayChange: boolean
  readonly next: { readonly [K in BookingKind]: readonly JobStatus[] }
}

/** Every state of a workshop job or test ride, declared once: the collection's options and every check read it. */
export const JOB_STATES = {
  booked: { label: 'Booked', holdsCapacity: true, customerMayChange: true, next: { service: ['checked_in', 'cancelled', 'no_show'], test_ride: ['completed', 'cancelled', 'no_show'] } },
  checked_in: { label: 'Checked in', holdsCapacity: true, customerMayChange: false, next: { service: ['in_progress', 'awaiting_approval', 'ready_for_collection', 'cancelled'], test_ride: [] } },
  in_progress: { label: 'In progress', holdsCapacity: true, customerMayChange: false, next: { service: ['awaiting_approval', 'ready_for_collection'], test_ride: [] } },
  awaiting_approval: { label: 'Awaiting approval', holdsCapacity: true, customerMayChange: false, next: { service: ['in_progress', 'ready_for_collection'], test_ride: [] } },
  ready_for_collection: { label: 'Ready for collection', holdsCapacity: true, customerMayChange: false, next: { service: ['collected'], test_ride: [] } },
  collected: { label: 'Collected', holdsCapacity: true, customerMayChange: false, next: { service: [], test_ride: [] } },
  completed: { label: 'Ride completed', holdsCapacity: true, customerMayChange: false, next: { service: [], test_ride: [] } },
  cancelled: { label: 'Cancelled', holdsCapacity: false, customerMayChange: false, next: { service: [], test_ride: [] } },
  no_show: { label: 'No-show', holdsCapacity: true, customerMayChange: false, next: { service: [], test_ride: [] } },
} as const satisfies { readonly [S in JobStatus]: JobState }

export const JOB_STATUSES = statesOf<JobStatus>(JOB_STATES)

export const JOB_STATUS_LABELS: Record<JobStatus, string> = Object.fromEntries(JOB_STATUSES.map((s) => [s, JOB_STATES[s].label])) as Record<JobStatus, string>

export function allowedNext(kind: BookingKind, from: JobStatus): readonly JobStatus[] {
  return JOB_STATES[from]?.next[kind] ?? []
}

export type StatusCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

export function checkStatusChange(kind: BookingKind, from: JobStatus, to: JobStatus): StatusCheck {
  if (from === to) return { ok: true }
  const allowed = allowedNext(kind, from)
  if (allowed.includes(to)) return { ok: true }
  const list = allowed.map((s) => JOB_STATUS_LABELS[s]).join(', ')
  return { ok: false, message: `A ${kind === 'test_ride' ? 'test ride' : 'workshop job'} cannot go from ${JOB_STATUS_LABELS[from]} to ${JOB_STATUS_LABELS[to]}${list ? `; it can go to: ${list}` : `: ${JOB_STATUS_LABELS[from]} is final`}.` }
}

/** Whether a booking in this status keeps its day's capacity (JobState.holdsCapacity). */
export function holdsCapacity(status: JobStatus): boolean {
  return JOB_STATES[status]?.holdsCapacity ?? true
}

/** Whether the customer may still cancel or move it (JobState.customerMayChange). */
export function customerMayChange(status: JobStatus): boolean {
  return JOB_STATES[status]?.customerMayChange === true
}

/** Extra work up to the pre-authorised limit is approved without asking again. */
export function extraWorkPreAuthorised(quotePence: number, limitPence: number | null | undefined): boolean {
  return limitPence != null && limitPence > 0 && quotePence <= limitPence
}
