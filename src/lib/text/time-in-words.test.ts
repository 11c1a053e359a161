import { describe, expect, it } from 'vitest'
import { relativeTime, timeInWords } from './time-in-words'

const now = new Date('2026-11-28T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

describe('time in words', () => {
  it('says how long ago or how soon, in the largest whole unit', () => {
    expect(relativeTime(ago(10), now)).toBe('just now')
    expect(relativeTime(ago(60), now)).toBe('1 minute ago')
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago')
    expect(relativeTime(ago(2 * 3600), now)).toBe('2 hours ago')
    expect(relativeTime(ago(3 * 86400), now)).toBe('3 days ago')
    expect(relativeTime(ago(15 * 86400), now)).toBe('2 weeks ago')
    expect(relativeTime(ago(-3 * 3600), now)).toBe('in 3 hours')
  })

  it('gives the UK date and time with it, and a dash for no time at all', () => {
    expect(timeInWords('2026-07-01T02:00:00Z', new Date('2026-07-01T04:00:00Z'))).toBe('Wed 1 Jul 03:00 (2 hours ago)')
    expect(timeInWords(null, now)).toBe('—')
    expect(timeInWords('not a date', now)).toBe('—')
  })
})
