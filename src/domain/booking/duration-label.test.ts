import { describe, expect, it } from 'vitest'
import { durationLabel } from './duration-label'

describe('durationLabel', () => {
  it('says hours and minutes, not decimal hours', () => {
    expect(durationLabel(110)).toBe('1 h 50 min')
    expect(durationLabel(120)).toBe('2 h')
    expect(durationLabel(45)).toBe('45 min')
    expect(durationLabel(61)).toBe('1 h 1 min')
    expect(durationLabel(89.6)).toBe('1 h 30 min')
  })
})
