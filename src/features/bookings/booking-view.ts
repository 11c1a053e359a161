// What customers see of a booking (success page, manage page, account, emails): no staff notes, no ids
// beyond the reference.
import { formatDayLong } from '../../domain/booking/calendar'
import { JOB_STATUS_LABELS, type JobStatus } from '../../domain/booking/job-status'
import type { Booking } from '../../payload-types'

export interface BookingView {
  readonly id: number
  readonly reference: string
  readonly kind: 'service' | 'test_ride'
  readonly status: JobStatus
  readonly statusLabel: string
  readonly day: string
  readonly dayLabel: string
  readonly window: string | null
  readonly title: string
  readonly lines: readonly { name: string; pricePence: number }[]
  readonly totalPence: number | null
  readonly bike: string
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly extraWorkLimitPence: number | null
  readonly extraWork: { description: string; quotePence: number; decision: string | null } | null
  readonly collectBy: string | null
}

export function toBookingView(b: Booking): BookingView {
  const service = b.service
  const kind = b.kind === 'test_ride' ? 'test_ride' : 'service'
  const lines = (service?.lines ?? []).map((l) => ({ name: l.name, pricePence: l.pricePence }))
  const bikeParts = [service?.bike?.make, service?.bike?.model].filter(Boolean).join(' ')
  return {
    id: b.id,
    reference: b.reference ?? '',
    kind,
    status: b.status as JobStatus,
    statusLabel: JOB_STATUS_LABELS[b.status as JobStatus] ?? b.status,
    day: b.day,
    dayLabel: formatDayLong(b.day),
    window: b.window ?? null,
    title: kind === 'test_ride' ? `Test ride: ${b.testRide?.bikeName ?? 'demo bike'}` : (lines[0]?.name ?? 'Workshop service'),
    lines,
    totalPence: kind === 'service' ? (service?.totalPence ?? null) : null,
    bike: kind === 'test_ride' ? (b.testRide?.bikeName ?? '') : `${bikeParts}${service?.bike?.eBike ? ' (e-bike)' : ''}`,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email ?? '',
    phone: b.phone,
    extraWorkLimitPence: service?.extraWorkLimitPence ?? null,
    extraWork: service?.extraWork?.description && service.extraWork.quotePence != null ? { description: service.extraWork.description, quotePence: service.extraWork.quotePence, decision: service.extraWork.decision ?? null } : null,
    collectBy: service?.collectBy ?? null,
  }
}
