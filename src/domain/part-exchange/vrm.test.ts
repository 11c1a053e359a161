import { describe, expect, it } from 'vitest'
import { currentPlateYear, displayVrm, parseVrm } from './vrm'

const now = new Date('2026-11-26T12:00:00Z')

describe('parseVrm', () => {
  it('reads the year from a current plate, March and September identifiers', () => {
    expect(parseVrm('cx17 hha', now)).toEqual({ vrm: 'CX17HHA', format: 'current', year: 2017 })
    expect(parseVrm('AB67CDE', now)).toEqual({ vrm: 'AB67CDE', format: 'current', year: 2017 })
    expect(parseVrm('AB51CDE', now)?.year).toBe(2001)
    expect(parseVrm('AB02CDE', now)?.year).toBe(2002)
    expect(parseVrm('AB26CDE', now)?.year).toBe(2026)
  })

  it('reads prefix and suffix plates', () => {
    expect(parseVrm('A123 BCD', now)).toEqual({ vrm: 'A123BCD', format: 'prefix', year: 1983 })
    expect(parseVrm('S1 ABC', now)?.year).toBe(1998)
    expect(parseVrm('Y1 ABC', now)?.year).toBe(2001)
    expect(parseVrm('ABC 1F', now)?.year).toBe(1967)
    expect(parseVrm('ABC 1Y', now)?.year).toBe(1982)
    expect(parseVrm('ABC 123A', now)).toEqual({ vrm: 'ABC123A', format: 'suffix', year: 1963 })
  })

  it('accepts dateless plates without a year', () => {
    expect(parseVrm('1 ABC', now)).toEqual({ vrm: '1ABC', format: 'dateless', year: null })
    expect(parseVrm('ABZ 1234', now)).toEqual({ vrm: 'ABZ1234', format: 'dateless', year: null })
  })

  it('refuses what is not a UK mark, or a plate from the future', () => {
    for (const bad of ['', 'X', 'HELLO WORLD', 'AB00CDE', 'AB01CDE', 'AB99CDE', 'I123ABC', '12345678', 'AB12CD!', 'AB27CDE']) {
      expect(parseVrm(bad, now), bad).toBeNull()
    }
  })
})

describe('currentPlateYear', () => {
  it('maps every identifier', () => {
    expect(currentPlateYear(50)).toBe(2050)
    expect(currentPlateYear(99)).toBe(2049)
    expect(currentPlateYear(1)).toBeNull()
  })
})

describe('displayVrm', () => {
  it('prints each kind of mark with its space, however it was typed', () => {
    expect(displayVrm('cx17hha')).toBe('CX17 HHA')
    expect(displayVrm(' CX17 HHA ')).toBe('CX17 HHA')
    expect(displayVrm('A123BCD')).toBe('A123 BCD')
    expect(displayVrm('abc123d')).toBe('ABC 123D')
    expect(displayVrm('1ABC')).toBe('1 ABC')
    expect(displayVrm('ABZ1234')).toBe('ABZ 1234')
    expect(displayVrm('WHEEL5')).toBe('WHEEL5') // not a UK mark: as stored
    expect(displayVrm('X')).toBe('X')
  })
})
