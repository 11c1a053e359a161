import { describe, expect, it } from 'vitest'
import { dropOffTimesText, type OpeningDay } from './drop-off'

const weekdays = ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const nineToFive: OpeningDay[] = [
  { day: 'Monday', opens: '09:00' },
  { day: 'Tuesday', opens: '09:00' },
  { day: 'Wednesday', opens: '09:00' },
  { day: 'Thursday', opens: '09:00' },
  { day: 'Friday', opens: '09:00' },
  { day: 'Saturday', opens: '09:00' },
  { day: 'Sunday', opens: null, closed: true },
]

describe('dropOffTimesText', () => {
  it('moves a start before opening time to the opening time: 8:30 becomes 9:00', () => {
    expect(dropOffTimesText('between 8:30 and 10:00', nineToFive, weekdays)).toBe('between 9:00 and 10:00')
  })

  it('leaves a window that starts at or after opening as the dealer wrote it', () => {
    expect(dropOffTimesText('between 9:00 and 10:00', nineToFive, weekdays)).toBe('between 9:00 and 10:00')
    expect(dropOffTimesText('from 09.30 until noon', nineToFive, weekdays)).toBe('from 09.30 until noon')
  })

  it('takes the latest opening of the workshop days, so the window holds on each of them', () => {
    const lateSaturday = nineToFive.map((d) => (d.day === 'Saturday' ? { ...d, opens: '10:00' } : d))
    expect(dropOffTimesText('between 8:30 and 11:00', lateSaturday, weekdays)).toBe('between 10:00 and 11:00')
    // Monday is not a workshop day here, so its 7:00 opening does not count either way.
    expect(dropOffTimesText('between 8:30 and 11:00', [{ day: 'Monday', opens: '07:00' }, ...nineToFive.slice(1)], weekdays)).toBe('between 9:00 and 11:00')
  })

  it('leaves text without a time, or a shop without opening hours, alone', () => {
    expect(dropOffTimesText('any time the shop is open', nineToFive, weekdays)).toBe('any time the shop is open')
    expect(dropOffTimesText('between 8:30 and 10:00', [], weekdays)).toBe('between 8:30 and 10:00')
  })
})
