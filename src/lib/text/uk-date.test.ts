import { describe, expect, it } from 'vitest'
import { ukLongDate } from './uk-date'

describe('ukLongDate', () => {
  it('gives the UK day, in summer time and in winter', () => {
    expect(ukLongDate('2026-07-14T23:30:00Z')).toBe('15 July 2026')
    expect(ukLongDate('2026-12-14T23:30:00Z')).toBe('14 December 2026')
    expect(ukLongDate(new Date('2026-03-29T00:59:59Z'))).toBe('29 March 2026')
  })
})
