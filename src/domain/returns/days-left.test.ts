import { describe, expect, it } from 'vitest'
import { daysLeft, daysLeftText } from './days-left'

describe('days left to a refund deadline', () => {
  it('counts calendar days, and says when it is due or overdue', () => {
    expect(daysLeft('2026-03-26', '2026-03-12')).toBe(14)
    expect(daysLeftText('2026-03-26', '2026-03-25')).toBe('2026-03-26: 1 day left')
    expect(daysLeftText('2026-03-26', '2026-03-26')).toBe('2026-03-26: due today')
    expect(daysLeftText('2026-03-26', '2026-03-28')).toBe('2026-03-26: 2 days overdue')
    expect(daysLeftText(null, '2026-03-28')).toMatch(/no deadline yet/)
  })
})
