import { describe, expect, it } from 'vitest'
import { backupIsDue, lastSlot } from './backup-schedule'

const now = new Date('2026-11-26T12:00:00Z')
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000)
const every = (everyHours: number) => ({ everyHours })

describe('backupIsDue', () => {
  it('never when scheduled backups are off', () => {
    expect(backupIsDue(null, now, every(0))).toBe(false)
    expect(backupIsDue(hoursAgo(1000), now, every(0))).toBe(false)
  })
  it('at once when none was ever queued', () => {
    expect(backupIsDue(null, now, every(24))).toBe(true)
  })
  it('once the interval has passed since the last one, not before', () => {
    expect(backupIsDue(hoursAgo(23.9), now, every(24))).toBe(false)
    expect(backupIsDue(hoursAgo(24), now, every(24))).toBe(true)
    expect(backupIsDue(hoursAgo(0.5), now, every(0.25))).toBe(true)
  })
})

describe('backups at a time of day', () => {
  const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min)
  it('the last slot is today once its time has come, else yesterday', () => {
    expect(lastSlot(local(2026, 11, 26, 3, 0), '02:30')).toEqual(local(2026, 11, 26, 2, 30))
    expect(lastSlot(local(2026, 11, 26, 2, 29), '02:30')).toEqual(local(2026, 11, 25, 2, 30))
    expect(lastSlot(local(2026, 12, 1, 1, 0), '02:30')).toEqual(local(2026, 11, 30, 2, 30))
  })
  it('runs once per night at the time, whatever the interval says, and not again until the next night', () => {
    const at = { everyHours: 0, at: '02:30' }
    expect(backupIsDue(local(2026, 11, 25, 2, 30), local(2026, 11, 26, 2, 29), at)).toBe(false)
    expect(backupIsDue(local(2026, 11, 25, 2, 30), local(2026, 11, 26, 2, 30), at)).toBe(true)
    expect(backupIsDue(local(2026, 11, 26, 2, 31), local(2026, 11, 26, 23, 0), at)).toBe(false)
    expect(backupIsDue(local(2026, 11, 26, 2, 31), local(2026, 11, 27, 2, 30), at)).toBe(true)
    // A shop that never backed up gets one at once, then nightly.
    expect(backupIsDue(null, local(2026, 11, 26, 15, 0), at)).toBe(true)
  })
})
