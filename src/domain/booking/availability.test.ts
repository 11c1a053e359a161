import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, daysBetween, formatDayLong, isIsoDay, londonDay, londonInstant, weekdayOf, WEEKDAYS } from './calendar'
import { canCustomerChange, checkFit, dayProblem, daysThatFit, fits, openDays, workshopCapacityMinutes, type BookingRules } from './availability'

const rules: BookingRules = {
  openWeekdays: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  closures: [{ day: '2026-12-25', reason: 'Christmas Day' }, { day: '2026-12-26', reason: 'Boxing Day' }],
  dailyCapacity: 768,
  leadDays: 1,
  horizonDays: 60,
  changeCutoffHours: 24,
}
const today = '2026-12-01' // a Tuesday

describe('calendar', () => {
  it('knows real days, weekdays and UK time', () => {
    expect(isIsoDay('2026-02-28')).toBe(true)
    expect(isIsoDay('2026-02-29')).toBe(false)
    expect(isIsoDay('2026-2-1')).toBe(false)
    expect(weekdayOf('2026-12-05')).toBe('Saturday')
    expect(formatDayLong('2026-12-05')).toBe('Saturday 5 December 2026')
    // 23:30 UTC on 30 June is already 1 July in the UK (BST); in winter UK time is UTC
    expect(londonDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
    expect(londonDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
    expect(londonInstant('2026-07-01', '09:00').toISOString()).toBe('2026-07-01T08:00:00.000Z')
    expect(londonInstant('2026-12-01', '09:00').toISOString()).toBe('2026-12-01T09:00:00.000Z')
  })

  it('adds days across months, years and clock changes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.integer({ min: -800, max: 800 }), (d, n) => {
        const day = d.toISOString().slice(0, 10)
        const later = addDays(day, n)
        expect(isIsoDay(later)).toBe(true)
        expect(daysBetween(day, later)).toBe(n)
        expect(WEEKDAYS.indexOf(weekdayOf(later))).toBe((((WEEKDAYS.indexOf(weekdayOf(day)) + n) % 7) + 7) % 7)
      }),
    )
  })
})

describe('booking rules', () => {
  it('turns mechanics, hours and the productive share into minutes', () => {
    expect(workshopCapacityMinutes(2, 8, 80)).toBe(768)
    expect(workshopCapacityMinutes(0, 8, 80)).toBe(0)
    expect(workshopCapacityMinutes(3, 7.5, 75)).toBe(1012)
  })

  it('refuses past, too-soon, closed and out-of-window days with a reason', () => {
    expect(dayProblem(rules, today, '2026-11-30')?.code).toBe('past')
    expect(dayProblem(rules, today, today)?.code).toBe('too_soon')
    expect(dayProblem(rules, today, today, { ignoreLeadTime: true })).toBeNull()
    expect(dayProblem(rules, today, '2026-12-25')).toMatchObject({ code: 'closed', message: expect.stringContaining('Christmas Day') })
    expect(dayProblem(rules, today, '2026-12-07')).toMatchObject({ code: 'closed', message: expect.stringContaining('Monday') })
    expect(dayProblem(rules, today, addDays(today, 61))?.code).toBe('beyond_window')
    expect(dayProblem(rules, today, 'next tuesday')?.code).toBe('invalid_day')
    expect(dayProblem(rules, today, '2026-12-05')).toBeNull()
  })

  it('answers the fitting days and the refusal from the same rule', () => {
    const used = new Map([['2026-12-02', 700], ['2026-12-03', 588]])
    const usage = (d: string) => used.get(d) ?? 0
    expect(daysThatFit(rules, today, usage, 180, 3)).toEqual(['2026-12-03', '2026-12-04', '2026-12-05'])
    const refused = checkFit(rules, today, '2026-12-02', 180, usage)
    expect(refused).toMatchObject({ ok: false, code: 'full', message: expect.stringMatching(/just filled up/), nextDays: ['2026-12-03', '2026-12-04', '2026-12-05'] })
    expect(checkFit(rules, today, '2026-12-03', 180, usage)).toEqual({ ok: true })
    expect(checkFit(rules, today, '2026-12-03', 181, usage).ok).toBe(false)
  })

  it('property: a day is offered for a job exactly when checkFit accepts that job there', () => {
    fc.assert(
      fc.property(
        fc.subarray([...WEEKDAYS], { minLength: 0 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 600 }),
        fc.dictionary(fc.integer({ min: 0, max: 45 }).map(String), fc.integer({ min: 0, max: 1500 })),
        fc.integer({ min: -3, max: 48 }),
        (openWeekdays, dailyCapacity, leadDays, horizonDays, minutes, usedByOffset, probe) => {
          const r: BookingRules = { ...rules, openWeekdays, dailyCapacity, leadDays, horizonDays, closures: [{ day: addDays(today, 3) }] }
          const usage = (d: string) => usedByOffset[String(daysBetween(today, d))] ?? 0
          const offered = daysThatFit(r, today, usage, minutes)
          const day = addDays(today, probe)
          expect(offered.includes(day)).toBe(checkFit(r, today, day, minutes, usage).ok)
          for (const d of offered) expect(fits(usage(d), minutes, dailyCapacity)).toBe(true)
          for (const d of openDays(r, today, usage)) expect(d.remaining).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })

  it('property: however many jobs are accepted one by one, a day never goes over its capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 40 }), (capacity, jobs) => {
        let used = 0
        for (const m of jobs) if (fits(used, m, capacity)) used += m
        expect(used).toBeLessThanOrEqual(capacity)
      }),
    )
  })

  it('lets customers change a booking until the cut-off before the day starts in the UK', () => {
    // 5 December 2026 starts at 00:00 GMT; 24 h before is 4 December 00:00
    expect(canCustomerChange(rules, new Date('2026-12-03T23:59:00Z'), '2026-12-05')).toBe(true)
    expect(canCustomerChange(rules, new Date('2026-12-04T00:00:00Z'), '2026-12-05')).toBe(false)
    // in summer the day starts at 23:00 UTC the evening before
    expect(canCustomerChange(rules, new Date('2026-07-02T22:59:00Z'), '2026-07-04')).toBe(true)
    expect(canCustomerChange(rules, new Date('2026-07-02T23:00:00Z'), '2026-07-04')).toBe(false)
  })
})
