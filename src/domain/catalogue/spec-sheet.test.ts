import { describe, expect, it } from 'vitest'
import { filledSpecRows, SPEC_SHEET_PARTS } from './spec-sheet'

describe('spec sheet', () => {
  it('has exactly 41 uniquely keyed, labelled parts', () => {
    expect(SPEC_SHEET_PARTS).toHaveLength(41)
    expect(new Set(SPEC_SHEET_PARTS.map((p) => p.key)).size).toBe(41)
    expect(new Set(SPEC_SHEET_PARTS.map((p) => p.label)).size).toBe(41)
    for (const part of ['frame', 'fork', 'brakes', 'battery', 'motor'] as const) {
      expect(SPEC_SHEET_PARTS.some((p) => p.key === part)).toBe(true)
    }
  })
  it('returns only filled rows, trimmed, in the fixed order', () => {
    const rows = filledSpecRows({ motor: 'Bosch Performance CX', frame: ' Alloy ', fork: '', brakes: null })
    expect(rows).toEqual([
      { key: 'frame', label: 'Frame', value: 'Alloy' },
      { key: 'motor', label: 'Motor', value: 'Bosch Performance CX' },
    ])
    expect(filledSpecRows(undefined)).toEqual([])
  })
})
