// A typed search as the shop understands it: filters taken from price and licence words, the remaining words
// normalised into clauses (with synonyms), then checked against the index's vocabulary so that typos are
// forgiven and words the shop has never heard of do not empty the results.
import type { LicenceCategory } from '../catalogue/product-kind'
import { fold, splitWords } from './normalise'
import { stem } from './stem'
import { takeLicenceWords, takePriceWords, type WordFilters } from './query-filters'
import { expandSynonyms, type Clause, type SynonymGroup } from './synonyms'
import { matchWord, type Vocabulary } from './typo'

/** Longest search the shop reads, in characters; longer input is refused at the edge or cut here. */
export const MAX_QUERY_LENGTH = 100
/** Most words of a search that count. */
export const MAX_QUERY_WORDS = 8

const STOP_WORDS = new Set(['the', 'for', 'with', 'and', 'in', 'of', 'to', 'my', 'me', 'some', 'any', 'on', 'an', 'cheap', 'best', 'buy', 'uk', 'new'])

export interface ParsedSearch extends WordFilters {
  clauses: Clause[]
  /** the normalised words typed (after filters), for the search log */
  words: string[]
}

/** Reads what a rider typed; never throws. */
export function parseSearch(typed: string, groups: SynonymGroup[]): ParsedSearch {
  const folded = fold(typed.slice(0, MAX_QUERY_LENGTH))
  const price = takePriceWords(folded)
  const licence = takeLicenceWords(price.text)
  const all = splitWords(licence.text).map(stem)
  const meaningful = all.filter((w) => !STOP_WORDS.has(w))
  const words = (meaningful.length ? meaningful : all).slice(0, MAX_QUERY_WORDS)
  const expanded = expandSynonyms(words, groups)
  const licences = [...new Set<LicenceCategory>([...licence.licences, ...expanded.licences])]
  return { clauses: expanded.clauses, words, licences, minPricePence: price.minPricePence, maxPricePence: price.maxPricePence }
}

export interface CorrectedSearch {
  clauses: Clause[]
  /** typed term → the indexed term used instead */
  corrections: Record<string, string>
  /** clauses that matched nothing in the index and were left out */
  dropped: string[]
  /** true when every clause was unknown: nothing can match */
  nothingKnown: boolean
}

/**
 * Each clause against the vocabulary: a phrase whose every term is known (as typed, as a prefix, or within the
 * typo rule) stays; a clause none of whose phrases stays is dropped, unless every clause is.
 * `loose` allows one more edit per word (and one for short words), for "Did you mean".
 */
export function correctClauses(clauses: Clause[], vocabulary: Vocabulary, loose = false): CorrectedSearch {
  const corrections: Record<string, string> = {}
  const dropped: string[] = []
  const kept: Clause[] = []
  clauses.forEach((clause, c) => {
    const alternatives: string[][] = []
    for (const phrase of clause.alternatives) {
      const fixed: string[] = []
      for (const [k, word] of phrase.entries()) {
        const edits = loose ? (word.length >= 8 ? 3 : word.length >= 4 ? 2 : word.length >= 3 ? 1 : 0) : undefined
        const m = /^[0-9]+$/.test(word) && !loose ? matchWord(word, vocabulary, 0) : matchWord(word, vocabulary, edits)
        if (m.kind === 'unknown') break
        if (m.kind === 'corrected') corrections[word] = m.term
        // the word being typed (the last) matches as a prefix; an earlier one whole when the index holds it whole
        const typing = c === clauses.length - 1 && k === phrase.length - 1
        fixed.push(m.kind === 'known' && (typing || !vocabulary.has(m.term)) ? `${m.term}${PREFIX}` : m.term)
      }
      if (fixed.length === phrase.length) alternatives.push(fixed)
    }
    if (alternatives.length) kept.push({ alternatives })
    else dropped.push(clause.alternatives[0]!.join(' '))
  })
  return { clauses: kept, corrections, dropped, nothingKnown: clauses.length > 0 && kept.length === 0 }
}

/** A corrected term ending in PREFIX matches as a prefix (typing `hond` finds Honda), unless it is a single character. */
export const PREFIX = '*'
const split = (t: string): [string, boolean] => (t.endsWith(PREFIX) ? [t.slice(0, -1), t.length > 2] : [t, false])

/**
 * Where the clauses must match: `all` the indexed text, or only the `titles` (name, brand, model and category, not the
 * description and spec sheet). Suggestions match titles first (suggest.server.ts).
 */
export type SearchFields = 'all' | 'titles'

/** The index's columns that are titles (cms/hooks/search-index.ts); the rest is the body. */
const FTS5_TITLE_COLUMNS = '{name brand model category}'
/** The tsvector's weights that are titles: name, brand and model (A) and category (B); the body is C. */
const PG_TITLE_WEIGHTS = 'AB'

/** The clauses as an SQLite FTS5 MATCH expression: every clause, any alternative, every term of it. */
export function fts5Match(clauses: Clause[], fields: SearchFields = 'all'): string {
  const term = (t: string) => {
    const [word, prefix] = split(t)
    return `"${word}"${prefix ? '*' : ''}`
  }
  const phrase = (p: string[]) => (p.length === 1 ? term(p[0]!) : `(${p.map(term).join(' AND ')})`)
  const all = clauses.map((c) => (c.alternatives.length === 1 ? phrase(c.alternatives[0]!) : `(${c.alternatives.map(phrase).join(' OR ')})`)).join(' AND ')
  // a column filter before a parenthesised expression applies to every phrase in it
  return fields === 'titles' ? `${FTS5_TITLE_COLUMNS}: (${all})` : all
}

/** The clauses as a PostgreSQL tsquery (for to_tsquery('simple', ...)); `titles` labels every term with their weights. */
export function pgTsQuery(clauses: Clause[], fields: SearchFields = 'all'): string {
  const weights = fields === 'titles' ? PG_TITLE_WEIGHTS : ''
  const term = (t: string) => {
    const [word, prefix] = split(t)
    const label = `${prefix ? '*' : ''}${weights}`
    return label ? `'${word}':${label}` : `'${word}'`
  }
  const phrase = (p: string[]) => (p.length === 1 ? term(p[0]!) : `(${p.map(term).join(' & ')})`)
  return clauses.map((c) => (c.alternatives.length === 1 ? phrase(c.alternatives[0]!) : `(${c.alternatives.map(phrase).join(' | ')})`)).join(' & ')
}

/** A corrected search read back as words, title-cased, for "Did you mean …?". */
export function spokenQuery(clauses: Clause[]): string {
  return clauses.map((c) => c.alternatives[0]!.map((t) => split(t)[0]).map((t) => t.charAt(0).toUpperCase() + t.slice(1)).join(' ')).join(' ')
}
