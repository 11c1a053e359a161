import { describe, expect, it } from 'vitest'
import { allowedEdits, editDistance, matchWord, Vocabulary, type VocabularyTerm } from './typo'

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

describe('nearest, against measuring every term', () => {
  // The vocabulary passes over terms by length and character set; it must find what measuring every term finds.
  function brute(terms: VocabularyTerm[], word: string, maxEdits: number) {
    let best: { term: string; edits: number; docs: number } | null = null
    for (const t of sortedTerms) {
      const d = editDistance(word, t.term, maxEdits)
      if (d > maxEdits) continue
      if (!best || d < best.edits || (d === best.edits && t.docs > best.docs)) best = { term: t.term, edits: d, docs: t.docs }
    }
    return best && { term: best.term, edits: best.edits }
  }
  let seed = 7
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
  const letters = 'abcdehiklmnorstuy0123456789'
  const wordOf = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('')
  const terms: VocabularyTerm[] = Array.from({ length: 1500 }, () => ({ term: wordOf(3 + Math.floor(random() * 8)), docs: 1 + Math.floor(random() * 5) }))
  const vocabulary = new Vocabulary(terms)
  const sortedTerms = [...terms].sort((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : 0))

  it('finds the same term and distance for typed words near and far', () => {
    for (let n = 0; n < 150; n++) {
      const source = terms[Math.floor(random() * terms.length)]!.term
      const chars = source.split('')
      const edits = Math.floor(random() * 4)
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * chars.length)
        const kind = Math.floor(random() * 4)
        if (kind === 0) chars.splice(at, 1)
        else if (kind === 1) chars.splice(at, 0, letters[Math.floor(random() * letters.length)]!)
        else if (kind === 2) chars[at] = letters[Math.floor(random() * letters.length)]!
        else if (at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!]
      }
      const typed = chars.join('')
      for (const maxEdits of [1, 2, 3]) expect(vocabulary.nearest(typed, maxEdits), `${typed} within ${maxEdits}`).toEqual(brute(terms, typed, maxEdits))
    }
  })
})
