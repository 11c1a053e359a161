// The workshop job and test-ride workflow: which status changes staff and customers may make, and which
// statuses still hold the day's capacity.

export const JOB_STATUSES = ['booked', 'checked_in', 'in_progress', 'awaiting_approval', 'ready_for_collection', 'collected', 'completed', 'cancelled', 'no_show'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
export type BookingKind = 'service' | 'test_ride'

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  booked: 'Booked',
  checked_in: 'Checked in',
  in_progress: 'In progress',
  awaiting_approval: 'Awaiting approval',
  ready_for_collection: 'Ready for collection',
  collected: 'Collected',
  completed: 'Ride completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
}

const SERVICE_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  booked: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['in_progress', 'awaiting_approval', 'ready_for_collection', 'cancelled'],
  in_progress: ['awaiting_approval', 'ready_for_collection'],
  awaiting_approval: ['in_progress', 'ready_for_collection'],
  ready_for_collection: ['collected'],
  collected: [],
  completed: [],
  cancelled: [],
  no_show: [],
}

const TEST_RIDE_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  booked: ['completed', 'cancelled', 'no_show'],
  checked_in: [],
  in_progress: [],
  awaiting_approval: [],
  ready_for_collection: [],
  collected: [],
  completed: [],
  cancelled: [],
  no_show: [],
}

export function allowedNext(kind: BookingKind, from: JobStatus): readonly JobStatus[] {
  return (kind === 'test_ride' ? TEST_RIDE_TRANSITIONS : SERVICE_TRANSITIONS)[from] ?? []
}

export type StatusCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

export function checkStatusChange(kind: BookingKind, from: JobStatus, to: JobStatus): StatusCheck {
  if (from === to) return { ok: true }
  const allowed = allowedNext(kind, from)
  if (allowed.includes(to)) return { ok: true }
  const list = allowed.map((s) => JOB_STATUS_LABELS[s]).join(', ')
  return { ok: false, message: `A ${kind === 'test_ride' ? 'test ride' : 'workshop job'} cannot go from ${JOB_STATUS_LABELS[from]} to ${JOB_STATUS_LABELS[to]}${list ? `; it can go to: ${list}` : `: ${JOB_STATUS_LABELS[from]} is final`}.` }
}

/** A cancelled booking gives its day's capacity back; every other status keeps it (a no-show still used the slot). */
export function holdsCapacity(status: JobStatus): boolean {
  return status !== 'cancelled'
}

/** Customers may cancel or move only a booking that has not started. */
export function customerMayChange(status: JobStatus): boolean {
  return status === 'booked'
}

/** Extra work up to the pre-authorised limit is approved without asking again. */
export function extraWorkPreAuthorised(quotePence: number, limitPence: number | null | undefined): boolean {
  return limitPence != null && limitPence > 0 && quotePence <= limitPence
}
