import { describe, expect, it } from 'vitest'
import { backupIsDue } from './backup-schedule'

const now = new Date('2026-11-26T12:00:00Z')
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000)

describe('backupIsDue', () => {
  it('never when scheduled backups are off', () => {
    expect(backupIsDue(null, now, 0)).toBe(false)
    expect(backupIsDue(hoursAgo(1000), now, 0)).toBe(false)
  })
  it('at once when none was ever queued', () => {
    expect(backupIsDue(null, now, 24)).toBe(true)
  })
  it('once the interval has passed since the last one, not before', () => {
    expect(backupIsDue(hoursAgo(23.9), now, 24)).toBe(false)
    expect(backupIsDue(hoursAgo(24), now, 24)).toBe(true)
    expect(backupIsDue(hoursAgo(0.5), now, 0.25)).toBe(true)
  })
})
