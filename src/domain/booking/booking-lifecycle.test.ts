import { describe, expect, it } from 'vitest'
import { BOOKING_NOTES, staffStatusStep, statusEmail } from './booking-lifecycle'

const now = new Date('2026-11-26T10:00:00Z')

describe('staff status changes of a workshop job', () => {
  it('asks the customer to approve extra work above the pre-authorised limit, and goes straight on below it', () => {
    expect(staffStatusStep('awaiting_approval', { description: 'New chain', quotePence: 4500 }, 2000, now, 7)).toEqual({ ok: true, to: 'awaiting_approval', note: BOOKING_NOTES.extraWorkQuoted(4500), extraWork: { decision: 'pending', decidedAt: null } })
    expect(staffStatusStep('awaiting_approval', { description: 'New chain', quotePence: 1500 }, 2000, now, 7)).toEqual({ ok: true, to: 'in_progress', note: 'Extra work (1500p) is within the pre-authorised limit: approved without asking.', extraWork: { decision: 'pre_authorised', decidedAt: now.toISOString() } })
  })

  it('refuses to ask for approval without a description and a positive quote', () => {
    expect(staffStatusStep('awaiting_approval', { description: '', quotePence: 100 }, null, now, 7).ok).toBe(false)
    expect(staffStatusStep('awaiting_approval', { description: 'x', quotePence: 0 }, null, now, 7).ok).toBe(false)
    expect(staffStatusStep('awaiting_approval', null, null, now, 7).ok).toBe(false)
  })

  it('a job ready for collection records when, and the day it must be collected by (UK days)', () => {
    expect(staffStatusStep('ready_for_collection', null, null, now, 7)).toEqual({ ok: true, to: 'ready_for_collection', note: 'Ready for collection; customer emailed.', ready: { readyAt: now.toISOString(), collectBy: '2026-12-03' } })
    expect(staffStatusStep('checked_in', null, null, now, 7)).toEqual({ ok: true, to: 'checked_in', note: 'Status changed by staff.' })
  })

  it('sends the customer an email for a quote, a finished job and a cancellation only', () => {
    const emails = Object.fromEntries(['booked', 'checked_in', 'awaiting_approval', 'ready_for_collection', 'collected', 'cancelled'].map((s) => [s, statusEmail(s)]).filter(([, e]) => e))
    expect(emails).toEqual({ awaiting_approval: 'extra-work-quote', ready_for_collection: 'ready-for-collection', cancelled: 'booking-cancelled' })
  })

  it('writes the staff booking note and the day-full message', () => {
    expect(BOOKING_NOTES.bookedByStaff('walk_in', '2026-12-05', '10:00')).toBe('Booked by staff (walk_in) for 2026-12-05 10:00.')
    expect(BOOKING_NOTES.bookedByStaff('phone', '2026-12-05')).toBe('Booked by staff (phone) for 2026-12-05.')
    expect(BOOKING_NOTES.dayFull('test_ride')).toMatch(/this bike/)
  })
})
