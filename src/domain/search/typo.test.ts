import { describe, expect, it } from 'vitest'
import { allowedEdits, editDistance, matchWord, Vocabulary } from './typo'

describe('Damerau-Levenshtein distance', () => {
  it('counts additions, removals, changes and swaps of neighbours as one edit each', () => {
    expect(editDistance('honda', 'honda')).toBe(0)
    expect(editDistance('hodna', 'honda')).toBe(1) // swap
    expect(editDistance('yamha', 'yamaha')).toBe(1) // missing letter
    expect(editDistance('hondda', 'honda')).toBe(1) // extra letter
    expect(editDistance('hinda', 'honda')).toBe(1) // changed letter
    expect(editDistance('kawasaki', 'kawsaaki')).toBe(1)
    expect(editDistance('triumph', 'trimuhp')).toBe(2)
  })

  it('stops early past the limit', () => {
    expect(editDistance('honda', 'kawasaki', 2)).toBe(3)
    expect(editDistance('a', 'abcdef', 1)).toBe(2)
  })
})

describe('the typo rule', () => {
  it('forgives one edit from four letters and two from eight', () => {
    expect(allowedEdits('twn')).toBe(0)
    expect(allowedEdits('hodna')).toBe(1)
    expect(allowedEdits('kawasaky')).toBe(2)
  })

  const vocabulary = new Vocabulary([
    { term: 'honda', docs: 7 },
    { term: 'hond', docs: 1 },
    { term: 'africa', docs: 1 },
    { term: 'twin', docs: 9 },
    { term: 'yamaha', docs: 2 },
    { term: 'interceptor', docs: 1 },
    { term: 'helmet', docs: 4 },
  ])

  it('keeps words the index holds, whole or as a prefix', () => {
    expect(matchWord('honda', vocabulary)).toEqual({ kind: 'known', term: 'honda' })
    expect(matchWord('afr', vocabulary)).toEqual({ kind: 'known', term: 'afr' })
  })

  it('corrects within the rule and prefers the commoner of equally near terms', () => {
    expect(matchWord('hodna', vocabulary)).toEqual({ kind: 'corrected', term: 'honda', edits: 1 })
    expect(matchWord('yamha', vocabulary)).toEqual({ kind: 'corrected', term: 'yamaha', edits: 1 })
    expect(matchWord('intercepter', vocabulary)).toEqual({ kind: 'corrected', term: 'interceptor', edits: 1 })
    expect(matchWord('inercepter', vocabulary)).toEqual({ kind: 'corrected', term: 'interceptor', edits: 2 })
  })

  it('does not correct short words or words too far from any term', () => {
    expect(matchWord('twn', vocabulary).kind).toBe('unknown')
    expect(matchWord('hdnoa', vocabulary).kind).toBe('unknown')
    expect(matchWord('helmut', vocabulary)).toEqual({ kind: 'corrected', term: 'helmet', edits: 1 })
  })
})
