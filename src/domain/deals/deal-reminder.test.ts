import { describe, expect, it } from 'vitest'
import { reminderDue, reminderWindow } from './deal-reminder'

const now = new Date('2026-11-30T12:00:00Z')
const quiet = (hours: number) => new Date(now.getTime() - hours * 3600_000).toISOString()
const base = { stage: 'new' as const, consent: true, reminderSentAt: null, unsubscribedAt: null, lastActivityAt: quiet(30), lastStep: 'finance_started' }

describe('the one reminder', () => {
  it('goes to a customer who agreed, stopped a day ago and still has the next step', () => {
    expect(reminderDue(base, now)).toBe(true)
    expect(reminderDue({ ...base, stage: 'contacted' }, now)).toBe(true)
    expect(reminderDue({ ...base, lastStep: 'checkout_started' }, now)).toBe(true)
  })
  it('only when their last step is one they left unfinished: never after they applied, paid, reserved, booked or asked', () => {
    for (const lastStep of ['finance_application', 'paid', 'reservation', 'test_ride', 'enquiry', 'valuation', null]) expect(reminderDue({ ...base, lastStep }, now), String(lastStep)).toBe(false)
  })
  it('never without consent, after a reminder, after they asked us to stop, or once the deal moved on', () => {
    expect(reminderDue({ ...base, consent: false }, now)).toBe(false)
    expect(reminderDue({ ...base, reminderSentAt: quiet(1) }, now)).toBe(false)
    expect(reminderDue({ ...base, unsubscribedAt: quiet(1) }, now)).toBe(false)
    for (const stage of ['test_ride', 'finance_submitted', 'approved', 'ready_for_handover', 'handed_over', 'lost'] as const) expect(reminderDue({ ...base, stage }, now)).toBe(false)
  })
  it('not before a day of quiet, and not after a fortnight', () => {
    expect(reminderDue({ ...base, lastActivityAt: quiet(23) }, now)).toBe(false)
    expect(reminderDue({ ...base, lastActivityAt: quiet(15 * 24) }, now)).toBe(false)
    const window = reminderWindow(now)
    expect([window.from, window.to]).toEqual([quiet(14 * 24), quiet(24)])
  })
})
