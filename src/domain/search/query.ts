// A typed search as the shop understands it: filters taken from price and licence words, the remaining words
// normalised into clauses (with synonyms), then checked against the index's vocabulary so that typos are
// forgiven and words the shop has never heard of do not empty the results.
import type { LicenceCategory } from '../catalogue/product-kind'
import { fold, splitWords } from './normalise'
import { stem } from './stem'
import { takeLicenceWords, takePriceWords, type WordFilters } from './query-filters'
import { expandSynonyms, type Clause, type SynonymGroup } from './synonyms'
import { allowedEdits, matchWord, type Vocabulary } from './typo'

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
  /** typed term → the indexed term used instead (a word run together reads as its parts: `cfmoto` → `cf moto`) */
  corrections: Record<string, string>
  /** typed words that no catalogue word matches, even corrected: nothing can match the search (never left out) */
  dropped: string[]
  /** true when any typed word is unknown: the search matches nothing, and the page says so */
  nothingKnown: boolean
}

/** The shortest part of a word run together (`cfmoto` → `cf` + `moto`) or written apart (`gas gas` → `gasgas`). */
const MIN_PART = 2

/**
 * Two adjacent one-word clauses the catalogue holds as one word (`super duke` where the index has `superduke`): one
 * clause matching either the words apart or the joined word. The vocabulary is the catalogue's own words, so this
 * works for every name a feed brings, with no list to keep.
 */
function joinApartWords(clauses: Clause[], vocabulary: Vocabulary): Clause[] {
  const out: Clause[] = []
  for (let i = 0; i < clauses.length; i++) {
    const a = clauses[i]!.alternatives
    const b = clauses[i + 1]?.alternatives
    const one = (x: string[][] | undefined) => (x && x.length === 1 && x[0]!.length === 1 ? x[0]![0]! : null)
    const [wa, wb] = [one(a), one(b)]
    if (wa && wb && /^[a-z]+$/.test(wa) && /^[a-z0-9]+$/.test(wb) && vocabulary.has(wa + wb)) {
      out.push({ alternatives: [[wa, wb], [wa + wb]] })
      i++
    } else out.push(clauses[i]!)
  }
  return out
}

/**
 * A word the catalogue holds as two (`cfmoto`, `gasgas`, `superduke` where the names say CF Moto, Gas Gas, Super
 * Duke): its two parts, each a whole indexed word once stemmed (the last may be a prefix while it is being typed), the most even
 * split first. Null when no split is two catalogue words.
 */
export function splitRunTogether(word: string, vocabulary: Vocabulary, typing: boolean): [string, string] | null {
  if (!/^[a-z]+$/.test(word)) return null
  let best: [string, string] | null = null
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
    // each part as the index holds it: stemmed, as `zontesmoto` holds `zonte` + `moto`
    const [a, b] = [stem(word.slice(0, i)), stem(word.slice(i))]
    if (!vocabulary.has(a) || !(vocabulary.has(b) || (typing && vocabulary.hasPrefix(b)))) continue
    if (!best || Math.min(a.length, b.length) > Math.min(best[0].length, best[1].length)) best = [a, b]
  }
  return best
}

/** Edits forgiven in a word: the typo rule, and one in a three-letter word (`twn`, `gss`), which the search keeps only if the whole query still matches. */
function closeEdits(word: string, loose: boolean): number {
  if (loose) return word.length >= 8 ? 3 : word.length >= 4 ? 2 : word.length >= 3 ? 1 : 0
  return allowedEdits(word) || (word.length === 3 ? 1 : 0)
}

/**
 * Each clause against the vocabulary (the catalogue's own words): a phrase stays when every term is known (as typed,
 * as a prefix, run together as two catalogue words, or within the typo rule); a clause none of whose phrases stays
 * makes the whole search unknown. Words are never left out: a search that matched only some of what was typed would
 * answer something else (`r1250gs` finding a jacket). Numbers are never corrected: `1250` is not `1290`.
 * `loose` allows one more edit per word (and one for short words), for "Did you mean".
 */
export function correctClauses(typedClauses: Clause[], vocabulary: Vocabulary, loose = false): CorrectedSearch {
  const corrections: Record<string, string> = {}
  const dropped: string[] = []
  const kept: Clause[] = []
  const clauses = joinApartWords(typedClauses, vocabulary)
  clauses.forEach((clause, c) => {
    // a clause's phrases as the catalogue holds them (typed, a prefix, run together); typos only when none is
    const read = (withTypos: boolean) => {
      const alternatives: string[][] = []
      const fixes: Record<string, string> = {}
      for (const phrase of clause.alternatives) {
        const fixed: string[] = []
        let ok = true
        for (const [k, word] of phrase.entries()) {
          // the word being typed (the last) matches as a prefix; an earlier one whole when the index holds it whole
          const typing = c === clauses.length - 1 && k === phrase.length - 1
          if (vocabulary.hasPrefix(word)) {
            fixed.push(typing || !vocabulary.has(word) ? `${word}${PREFIX}` : word)
            continue
          }
          const parts = splitRunTogether(word, vocabulary, typing)
          if (parts) {
            fixes[word] = parts.join(' ')
            fixed.push(parts[0], typing ? `${parts[1]}${PREFIX}` : parts[1])
            continue
          }
          const m = withTypos && !/^[0-9]+$/.test(word) ? matchWord(word, vocabulary, closeEdits(word, loose)) : null
          if (!m || m.kind === 'unknown') {
            ok = false
            break
          }
          fixes[word] = m.term
          fixed.push(m.term)
        }
        if (ok) alternatives.push(fixed)
      }
      return { alternatives, fixes }
    }
    let found = read(false)
    if (!found.alternatives.length) found = read(true)
    Object.assign(corrections, found.fixes)
    if (found.alternatives.length) kept.push({ alternatives: found.alternatives })
    else dropped.push(clause.alternatives[0]!.join(' '))
  })
  return { clauses: dropped.length ? [] : kept, corrections, dropped, nothingKnown: dropped.length > 0 }
}

/** A corrected term ending in PREFIX matches as a prefix (typing `hond` finds Honda), unless it is a single character. */
export const PREFIX = '*'
const split = (t: string): [string, boolean] => (t.endsWith(PREFIX) ? [t.slice(0, -1), t.length > 2] : [t, false])

/**
 * Where the clauses must match: `all` the indexed text, or only the `titles` (name, brand, model and category, not the
 * description and spec sheet). Suggestions match titles first (suggest.server.ts).
 */
export type SearchFields = 'all' | 'titles'

/** The nouns that name a kind of product (document.ts indexes them with each product's titles), as index terms. */
const KIND_NOUNS = new Set(['motorcycle', 'motorbike', 'bike', 'scooter', 'moped', 'bicycle', 'ebike', 'emtb', 'mtb'])

/**
 * Where a search's words must be found. A search naming a kind (`electric scooter`, `honda bike`) asks for that kind
 * described by its other words, so those must be in the titles too: a petrol scooter whose description mentions its
 * "electric screen" is not an electric scooter. Any other search matches every field.
 */
export function searchFieldsFor(clauses: Clause[]): SearchFields {
  const names = (c: Clause) => c.alternatives.some((p) => p.length === 1 && KIND_NOUNS.has(split(p[0]!)[0]))
  return clauses.length > 1 && clauses.some(names) ? 'titles' : 'all'
}

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
