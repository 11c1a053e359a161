import { describe, expect, it } from 'vitest'
import { correctClauses, fts5Match, parseSearch, pgTsQuery, spokenQuery } from './query'
import { DEFAULT_SYNONYMS, expandSynonyms, synonymGroups } from './synonyms'
import { Vocabulary } from './typo'

const groups = synonymGroups(DEFAULT_SYNONYMS)

describe('parsing what a rider types', () => {
  it('expands synonyms, whichever form is typed', () => {
    const forms = ['ebike', 'e-bike', 'E-Bikes', 'electric bike'].map((q) => parseSearch(q, groups).clauses)
    for (const clauses of forms) {
      expect(clauses).toHaveLength(1)
      expect(clauses[0]!.alternatives).toEqual(expect.arrayContaining([['ebike'], ['electric', 'bike']]))
    }
    expect(parseSearch('lid', groups).clauses[0]!.alternatives).toEqual(expect.arrayContaining([['lid'], ['helmet']]))
  })

  it('turns price and licence words into filters', () => {
    expect(parseSearch('honda scooter under 5000', groups)).toMatchObject({ maxPricePence: 500_000, words: ['honda', 'scooter'] })
    expect(parseSearch('a2 bikes', groups)).toMatchObject({ licences: ['A2'], words: ['bike'] })
  })

  it('uses a synonym that stands for a licence as a filter', () => {
    const custom = synonymGroups([{ terms: ['learner legal'], licence: 'A1' }])
    expect(parseSearch('learner legal honda', custom)).toMatchObject({ licences: ['A1'], clauses: [{ alternatives: [['honda']] }] })
  })

  it('drops filler words unless nothing else is left, and caps the words', () => {
    expect(parseSearch('the best helmet for me', groups).words).toEqual(['helmet'])
    expect(parseSearch('the', groups).words).toEqual(['the'])
    expect(parseSearch('a b c d e f g h i j k', groups).words).toHaveLength(8)
    expect(parseSearch('x'.repeat(5000), groups).words[0]!.length).toBeLessThanOrEqual(100)
  })

  it('ignores synonym entries with a single meaning and no licence', () => {
    expect(synonymGroups([{ terms: ['lid'] }, { terms: ['', '  '] }])).toEqual([])
    expect(expandSynonyms(['lid'], [])).toEqual({ clauses: [{ alternatives: [['lid']] }], licences: [] })
  })
})

describe('correcting against the index', () => {
  const vocabulary = new Vocabulary(['honda', 'africa', 'twin', 'adventure', 'ebike', 'electric', 'bike', '650'].map((term) => ({ term, docs: 1 })))

  it('corrects typos and drops words the index has never seen', () => {
    const { clauses } = parseSearch('hodna africa twn', groups)
    const corrected = correctClauses(clauses, vocabulary)
    expect(corrected.clauses.map((c) => c.alternatives)).toEqual([[['honda']], [['africa']]])
    expect(corrected.corrections).toEqual({ hodna: 'honda' })
    expect(corrected.dropped).toEqual(['twn'])
    expect(corrected.nothingKnown).toBe(false)
  })

  it('keeps the synonyms the index holds', () => {
    const corrected = correctClauses(parseSearch('e-bike', groups).clauses, vocabulary)
    expect(corrected.clauses[0]!.alternatives).toEqual(expect.arrayContaining([['ebike*'], ['electric', 'bike*']]))
  })

  it('matches the word being typed as a prefix, earlier words whole when the index holds them whole', () => {
    const corrected = correctClauses(parseSearch('africa twin adv', groups).clauses, vocabulary)
    expect(corrected.clauses.map((c) => c.alternatives[0])).toEqual([['africa'], ['twin'], ['adv*']])
    expect(correctClauses(parseSearch('hond twin', groups).clauses, vocabulary).clauses[0]!.alternatives).toEqual([['hond*']])
  })

  it('says when nothing typed is known; loose correction then reaches further', () => {
    const { clauses } = parseSearch('aafrika twinn', groups)
    expect(correctClauses(parseSearch('zzzz qqqq', groups).clauses, vocabulary).nothingKnown).toBe(true)
    expect(spokenQuery(correctClauses(clauses, vocabulary).clauses)).toBe('Twin')
    expect(spokenQuery(correctClauses(clauses, vocabulary, true).clauses)).toBe('Africa Twin')
  })
})

describe('match syntax', () => {
  const clauses = [{ alternatives: [['honda*']] }, { alternatives: [['scooter*'], ['scoot*'], ['electric', 'bike*']] }, { alternatives: [['r*']] }]

  it('writes FTS5 with prefixes, quoted terms and grouped alternatives', () => {
    expect(fts5Match(clauses)).toBe('"honda"* AND ("scooter"* OR "scoot"* OR ("electric" AND "bike"*)) AND "r"')
  })

  it('writes a PostgreSQL tsquery of the same meaning', () => {
    expect(pgTsQuery(clauses)).toBe("'honda':* & ('scooter':* | 'scoot':* | ('electric' & 'bike':*)) & 'r'")
  })

  it('restricts every term to the titles (name, brand, model, category) when asked, on both databases', () => {
    expect(fts5Match(clauses, 'titles')).toBe('{name brand model category}: ("honda"* AND ("scooter"* OR "scoot"* OR ("electric" AND "bike"*)) AND "r")')
    expect(pgTsQuery(clauses, 'titles')).toBe("'honda':*AB & ('scooter':*AB | 'scoot':*AB | ('electric':AB & 'bike':*AB)) & 'r':AB")
  })
})
