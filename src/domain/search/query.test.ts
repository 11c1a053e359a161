import { describe, expect, it } from 'vitest'
import { correctClauses, fts5Match, parseSearch, pgTsQuery, searchFieldsFor, splitRunTogether, spokenQuery } from './query'
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

  it('corrects typos, a three-letter word by one edit, and says so', () => {
    const { clauses } = parseSearch('hodna africa twn', groups)
    const corrected = correctClauses(clauses, vocabulary)
    expect(corrected.clauses.map((c) => c.alternatives)).toEqual([[['honda']], [['africa']], [['twin']]])
    expect(corrected.corrections).toEqual({ hodna: 'honda', twn: 'twin' })
    expect(corrected.dropped).toEqual([])
    expect(corrected.nothingKnown).toBe(false)
  })

  it('never leaves out a word the catalogue does not know: the search then matches nothing', () => {
    const corrected = correctClauses(parseSearch('honda zzqx', groups).clauses, vocabulary)
    expect(corrected).toMatchObject({ clauses: [], dropped: ['zzqx'], nothingKnown: true })
    // numbers are never corrected: 1250 is another model than 650
    expect(correctClauses(parseSearch('honda 1650', groups).clauses, vocabulary).nothingKnown).toBe(true)
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
    expect(correctClauses(clauses, vocabulary).nothingKnown).toBe(true)
    expect(spokenQuery(correctClauses(clauses, vocabulary, true).clauses)).toBe('Africa Twin')
  })
})

describe('names with or without their spaces', () => {
  // the catalogue's own words, as the index holds "CF Moto", "Gas Gas", "KTM 1390 Super Duke R", "Yamaha MT-07", and a feed's "Triumph Speedtriple"
  const vocabulary = new Vocabulary(['cf', 'moto', 'gas', 'ktm', 'super', 'duke', 'yamaha', 'mt', '07', 'triumph', 'speedtriple', 'honda', 'africa'].map((term) => ({ term, docs: 1 })))
  const read = (q: string) => correctClauses(parseSearch(q, groups).clauses, vocabulary)

  it('reads a name run together as the catalogue’s two words', () => {
    expect(read('cfmoto').clauses).toEqual([{ alternatives: [['cf', 'moto*']] }])
    expect(read('gasgas').clauses).toEqual([{ alternatives: [['gas', 'gas*']] }])
    expect(read('superduke ktm').clauses).toEqual([{ alternatives: [['super', 'duke']] }, { alternatives: [['ktm*']] }])
    expect(read('hondaafrica').clauses).toEqual([{ alternatives: [['honda', 'africa*']] }])
    expect(read('superdu').clauses).toEqual([{ alternatives: [['super', 'du*']] }])
  })

  it('reads two words the catalogue holds as one, and keeps them apart as an alternative', () => {
    expect(read('speed triple').clauses).toEqual([{ alternatives: [['speedtriple*']] }])
    expect(read('gas gas').clauses).toEqual([{ alternatives: [['gas']] }, { alternatives: [['gas*']] }])
    expect(read('speed triple honda').clauses[0]).toEqual({ alternatives: [['speedtriple']] })
  })

  it('splits only into whole catalogue words, at the most even point', () => {
    expect(splitRunTogether('cfmoto', vocabulary, false)).toEqual(['cf', 'moto'])
    expect(splitRunTogether('cfmot', vocabulary, false)).toBeNull()
    expect(splitRunTogether('cfmot', vocabulary, true)).toEqual(['cf', 'mot'])
    expect(splitRunTogether('mt07', vocabulary, false)).toBeNull()
  })

  it('reads model codes with or without their hyphen alike', () => {
    expect(read('mt07').clauses).toEqual(read('mt-07').clauses)
    expect(read('mt 07').clauses).toEqual(read('MT-07').clauses)
  })
})

describe('where a search matches', () => {
  it('in the titles when it names a kind among other words, everywhere otherwise', () => {
    expect(searchFieldsFor(parseSearch('electric scooter', groups).clauses)).toBe('titles')
    expect(searchFieldsFor(parseSearch('honda bikes', groups).clauses)).toBe('titles')
    expect(searchFieldsFor(parseSearch('scooter', groups).clauses)).toBe('all')
    expect(searchFieldsFor(parseSearch('electric screen', groups).clauses)).toBe('all')
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
