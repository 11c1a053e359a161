// Search on the database the shop runs: SQLite FTS5 ranked by bm25, or PostgreSQL full-text search
// ranked by ts_rank, over the index that cms/hooks/search-index.ts keeps. What a rider typed is read by
// src/domain/search (filters, synonyms, normal form), checked against the index's vocabulary (typos), then
// matched; in-stock products rank above sold-out ones and only active products are ever answered.
import type { Payload } from 'payload'
import { execute, isPostgres, readRows } from '../../cms/sql.server'
import { searchSynonyms } from '../../cms/collections/search-synonyms-cache.server'
import { searchIndexChangedElsewhere, searchIndexGeneration } from '../../cms/hooks/search-index'
import { catalogueGeneration, catalogueMemo } from '../../cms/catalogue-memo.server'
import { correctClauses, fts5Match, MAX_QUERY_LENGTH, parseSearch, pgTsQuery, searchFieldsFor, spokenQuery, type ParsedSearch, type SearchFields } from '../../domain/search/query'
import type { Clause } from '../../domain/search/synonyms'
import { Vocabulary } from '../../domain/search/typo'
import { summariseMatches, weighMatches, type Hit, type MatchSummary } from '../../domain/search/rank'
import type { WordFilters } from '../../domain/search/query-filters'
import type { MatchFacts } from '../../domain/catalogue/facet-index'
import { facetIndex } from '../catalogue/facet-index.server'

export { reindexProducts, reindexAllProducts, ensureSearchIndex } from '../../cms/hooks/search-index'
export type { MatchSummary }

/** Most matches ranked for one search; later pages of a broader search are not reached. */
export const MAX_MATCHES = 1000
const VOCABULARY_FRESH_MS = 60_000

/* ------------------------------------------------------------------------------------------------ */
/* Vocabulary                                                                                        */

interface VocabularyCopy {
  payload: Payload
  generation: number
  /** searchIndexChangedElsewhere() when read: a later change announced by another process ages the copy */
  elsewhere: number
  until: number
  value: Promise<Vocabulary>
  refreshing: boolean
}

/** One copy per process, on globalThis: Turbopack instantiates this module once per route group (ADR 032). */
const VOCABULARY_KEY = '__wheelhouseSearchVocabulary'
const vocabularyHolder = (): { copy: VocabularyCopy | null } => ((globalThis as { [VOCABULARY_KEY]?: { copy: VocabularyCopy | null } })[VOCABULARY_KEY] ??= { copy: null })

async function readVocabulary(payload: Payload): Promise<Vocabulary> {
  const rows = isPostgres(payload)
    ? await readRows(payload, { sql: "SELECT word AS term, ndoc AS docs FROM ts_stat('SELECT doc FROM search_index')", args: [] })
    : await readRows(payload, { sql: 'SELECT term, doc AS docs FROM search_index_vocab', args: [] })
  return new Vocabulary(rows.map((r) => ({ term: String(r.term), docs: Number(r.docs) })))
}

/**
 * The index's terms, read again after an index write in this process or one another process announced (at once:
 * what was just indexed is found by the next search), or after VOCABULARY_FRESH_MS (writes nobody announced). Reading them costs hundreds
 * of milliseconds at 100,000 variants (PostgreSQL's ts_stat reads the whole index), so when a copy has merely aged
 * it keeps answering while the next is read, and no rider's search waits for that.
 */
export function searchVocabulary(payload: Payload, now = Date.now()): Promise<Vocabulary> {
  const holder = vocabularyHolder()
  const generation = searchIndexGeneration()
  const copy = holder.copy && holder.copy.payload === payload && holder.copy.generation === generation ? holder.copy : null
  const elsewhere = searchIndexChangedElsewhere()
  if (copy && now < copy.until && copy.elsewhere === elsewhere) return copy.value
  // Aged by time, the copy answers while the next is read; aged by a change another process announced, it does not:
  // the announcement makes the stored pages forget, and a page rendered from the old words would be stored again.
  if (copy && copy.elsewhere === elsewhere && !copy.refreshing) {
    copy.refreshing = true
    readVocabulary(payload).then(
      (fresh) => {
        if (holder.copy === copy) holder.copy = { payload, generation, elsewhere, until: Date.now() + VOCABULARY_FRESH_MS, value: Promise.resolve(fresh), refreshing: false }
      },
      () => {
        copy.refreshing = false
      },
    )
  }
  if (copy && copy.elsewhere === elsewhere) return copy.value
  const value = readVocabulary(payload)
  const entry: VocabularyCopy = { payload, generation, elsewhere, until: now + VOCABULARY_FRESH_MS, value, refreshing: false }
  holder.copy = entry
  value.catch(() => {
    if (holder.copy === entry) holder.copy = null
  })
  return value
}

/* ------------------------------------------------------------------------------------------------ */
/* Matching                                                                                          */

/** A match, in the order of its place (the listing reads its facts from the facet index, ADR 034). */
export interface RankedMatch {
  id: number
}

/**
 * The `limit` best matches of every clause by the index's own rank (the index holds products on sale only), as hits
 * (domain/search/rank.ts). `fields` 'titles' matches the clauses in names, brands, models and categories only
 * (fts5Match, pgTsQuery). The database ranks only the index: what a match is weighed by (in stock, featured) and
 * what suggestions filter and group by are the facet index's, in memory, where the statement used to read them
 * from products and variants for each of the 1,000 (3–6 ms of a broad word's 10–13 at 100,000 variants).
 */
async function rankedHits(payload: Payload, clauses: Clause[], limit: number, fields: SearchFields): Promise<Hit[]> {
  const statement = isPostgres(payload)
    ? {
        // weights {D, C, B, A}: name, brand and model (A) over categories (B) over description and spec sheet (C)
        sql: `SELECT si.product_id AS id, ts_rank('{0.05, 0.2, 0.5, 1.0}', si.doc, q.q) AS relevance
              FROM search_index si CROSS JOIN to_tsquery('simple', ?) AS q(q) WHERE si.doc @@ q.q
              ORDER BY relevance DESC, si.product_id LIMIT ?`,
        args: [pgTsQuery(clauses, fields), limit],
      }
    : {
        // bm25 weights by column: title (not indexed), name, brand, model, category, body; bm25 is negative, lower is better
        sql: `SELECT rowid AS id, -bm25(search_index, 0, 10, 10, 10, 4, 1) AS relevance FROM search_index
              WHERE search_index MATCH ? ORDER BY relevance DESC, rowid LIMIT ?`,
        args: [fts5Match(clauses, fields), limit],
      }
  const rows = await readRows(payload, statement)
  return rows.map((r) => ({ id: Number(r.id), relevance: Number(r.relevance) }))
}

/** How many distinct searches' ranked hits a process keeps (about 12 KB each at MAX_MATCHES). */
const RANKED_KEPT = 256

interface RankedCopy {
  readonly payload: Payload
  /** the index's and the catalogue's changes when ranked (searchIndexGeneration, searchIndexChangedElsewhere, catalogueGeneration) */
  readonly stamp: string
  readonly until: number
  readonly hits: Promise<readonly Hit[]>
}

/** On globalThis, as the vocabulary: the search page, the listings and the suggestions share one copy per process. */
const RANKED_KEY = '__wheelhouseRankedHits'
const rankedHolder = (): Map<string, RankedCopy> => ((globalThis as { [RANKED_KEY]?: Map<string, RankedCopy> })[RANKED_KEY] ??= new Map())

/**
 * rankedHits for the same words (the clauses after synonyms, spelling and typo correction, so "Helmets!" and "helmet"
 * are one search), kept until the index or the catalogue changes, in this process or another that announced it, or
 * for VOCABULARY_FRESH_MS. Ranking a broad word is the database's largest part of a search (`bikes` ranks 11,987 matches
 * at 100,000 variants: 8 ms of PostgreSQL's ts_rank), and riders ask for the same few broad words again and again;
 * the stock and featured weights are applied afresh to every answer (weighMatches). The least recently asked go first.
 */
function keptRankedHits(payload: Payload, clauses: Clause[], limit: number, fields: SearchFields, now = Date.now()): Promise<readonly Hit[]> {
  const kept = rankedHolder()
  const key = `${fields}\n${limit}\n${JSON.stringify(clauses)}`
  const stamp = `${searchIndexGeneration()}:${searchIndexChangedElsewhere()}:${catalogueGeneration()}`
  const copy = kept.get(key)
  kept.delete(key)
  if (copy && copy.payload === payload && copy.stamp === stamp && now < copy.until) {
    kept.set(key, copy)
    return copy.hits
  }
  const entry: RankedCopy = { payload, stamp, until: now + VOCABULARY_FRESH_MS, hits: rankedHits(payload, clauses, limit, fields) }
  if (kept.size >= RANKED_KEPT) kept.delete(kept.keys().next().value!)
  kept.set(key, entry)
  entry.hits.catch(() => {
    if (kept.get(key) === entry) kept.delete(key)
  })
  return entry.hits
}

/** Products on sale matching every clause, best first, with their facts: the index's best `limit`, weighed (weighMatches). */
async function weighedMatches(payload: Payload, clauses: Clause[], limit: number, fields: SearchFields = 'all'): Promise<MatchFacts[]> {
  const [hits, index] = await Promise.all([keptRankedHits(payload, clauses, limit, fields), facetIndex(payload)])
  return weighMatches(hits, (id) => index.matchFacts(id))
}

/** Active products matching every clause, best first: their ids. A search naming a kind matches in titles (searchFieldsFor). */
export async function rankedMatches(payload: Payload, clauses: Clause[], limit = MAX_MATCHES): Promise<RankedMatch[]> {
  if (clauses.length === 0) return []
  return (await weighedMatches(payload, clauses, limit, searchFieldsFor(clauses))).map((m) => ({ id: m.id }))
}

/** The price and licence filters the words set (domain/search/query-filters.ts). */
export type SearchFilters = WordFilters

export interface SearchOutcome {
  /** what the typed words asked for, before the index was consulted */
  parsed: ParsedSearch
  /** the clauses that were matched (corrected, unknown ones left out) */
  clauses: Clause[]
  /** typed term → indexed term used instead */
  corrections: Record<string, string>
  /** words the index does not know, left out */
  dropped: string[]
  filters: SearchFilters
  /** ranked matches; null when the words asked for no text at all (only filters), so every product qualifies */
  matches: RankedMatch[] | null
}

/** A typed search read and checked against the index's vocabulary, before anything is matched. */
export type PreparedSearch = Omit<SearchOutcome, 'matches'> & {
  /** every word is unknown to the index: nothing can match */
  nothingKnown: boolean
}

export async function prepareSearch(payload: Payload, typed: string): Promise<PreparedSearch> {
  const [groups, vocabulary] = await Promise.all([searchSynonyms(payload), searchVocabulary(payload)])
  const parsed = parseSearch(typed.slice(0, MAX_QUERY_LENGTH), groups)
  const filters = { minPricePence: parsed.minPricePence, maxPricePence: parsed.maxPricePence, licences: parsed.licences }
  const corrected = correctClauses(parsed.clauses, vocabulary)
  return { parsed, clauses: corrected.clauses, corrections: corrected.corrections, dropped: corrected.dropped, filters, nothingKnown: corrected.nothingKnown }
}

/** Reads a typed search and finds its ranked matches. */
export async function runSearch(payload: Payload, typed: string): Promise<SearchOutcome> {
  const { nothingKnown, ...base } = await prepareSearch(payload, typed)
  if (nothingKnown) return { ...base, matches: [] }
  if (base.clauses.length === 0) return { ...base, matches: null }
  return { ...base, matches: await rankedMatches(payload, base.clauses) }
}

/**
 * The same matches as rankedMatches (in `fields`), summarised for suggestions: the best `products` that pass the
 * words' filters, and the `groups` brands and categories holding most of them (summariseMatches).
 */
export async function rankedSummary(payload: Payload, clauses: Clause[], filters: SearchFilters, products: number, groups: number, fields: SearchFields = 'all'): Promise<MatchSummary> {
  if (clauses.length === 0) return { top: [], brands: [], categories: [] }
  return summariseMatches(await weighedMatches(payload, clauses, MAX_MATCHES, fields), filters, products, groups)
}

/** Titles read nearest first for "did you mean", and how similar the one named must be (pg_trgm's default for `%`). */
const NEAREST_TITLES = 10
const TITLE_SIMILARITY = 0.3

/**
 * "Did you mean …?" for a search that found nothing: the typed words corrected more loosely, when that finds
 * something; on PostgreSQL, failing that, the product name nearest by trigrams.
 */
export async function didYouMean(payload: Payload, typed: string): Promise<string | null> {
  const [groups, vocabulary] = await Promise.all([searchSynonyms(payload), searchVocabulary(payload)])
  const parsed = parseSearch(typed.slice(0, MAX_QUERY_LENGTH), groups)
  const loose = correctClauses(parsed.clauses, vocabulary, true)
  if (!loose.nothingKnown && loose.clauses.length && Object.keys(loose.corrections).length && (await rankedMatches(payload, loose.clauses, 1)).length) return spokenQuery(loose.clauses)
  if (!isPostgres(payload) || !parsed.words.length) return null
  const phrase = parsed.words.join(' ')
  // the nearest few titles in the GiST index's own order (a few ms at 100,000 variants; see the migration
  // 20261127_100000_search_title_knn), then the nearest on sale, if as similar as pg_trgm's `%` asks (0.3)
  const rows = await readRows(payload, {
    sql: `SELECT t.title FROM (
            SELECT si.product_id, si.title, lower(si.title) <-> ? AS distance FROM search_index si ORDER BY lower(si.title) <-> ? LIMIT ${NEAREST_TITLES}) t
          JOIN products p ON p.id = t.product_id
          WHERE p.status = 'active' AND t.distance <= ${1 - TITLE_SIMILARITY} ORDER BY t.distance, t.product_id LIMIT 1`,
    args: [phrase, phrase],
  })
  return rows[0] ? String(rows[0].title) : null
}

/* ------------------------------------------------------------------------------------------------ */
/* Search log                                                                                        */

/** Search counts the production server reports (server-lib/search-counts.mjs): per kind and typed words. */
export interface SearchCount {
  readonly kind: 'results' | 'suggestions'
  readonly q: string
  readonly count: number
  readonly withoutResults: number
}
/** Days of searches kept in the search log; older days are deleted as new counts are written (ADR 039). */
export const SEARCH_LOG_RETENTION_DAYS = 90
const PRUNE_EVERY_MS = 60 * 60 * 1000
let prunedAt = 0

/**
 * Adds a batch of counted searches to the search log (collection search-log): per normalised term (the shop's normal
 * form: synonyms, plurals, spelling), per day of `at` (UTC) and per kind. Noise is left out: words that normalise to
 * nothing or to one character. Then, at most once an hour per process, days older than the retention are deleted, so
 * the table holds at most 90 days of the terms riders actually typed.
 */
export async function recordSearches(payload: Payload, at: Date, batch: readonly SearchCount[]): Promise<{ recorded: number; skipped: number; pruned: number }> {
  const groups = await searchSynonyms(payload)
  const day = at.toISOString().slice(0, 10)
  const merged = new Map<string, { kind: SearchCount['kind']; words: string; count: number; withoutResults: number }>()
  let skipped = 0
  for (const search of batch) {
    const words = parseSearch(search.q.slice(0, MAX_QUERY_LENGTH), groups).words.join(' ').slice(0, 100)
    if (words.replace(/\s/g, '').length < 2) {
      skipped += 1
      continue
    }
    const key = `${search.kind}\n${words}`
    const entry = merged.get(key) ?? { kind: search.kind, words, count: 0, withoutResults: 0 }
    entry.count += search.count
    entry.withoutResults += search.kind === 'results' ? Math.min(search.withoutResults, search.count) : 0
    merged.set(key, entry)
  }
  const when = at.toISOString()
  for (const entry of merged.values()) {
    await execute(payload, null, {
      sql: isPostgres(payload)
        ? `INSERT INTO search_log (day, kind, words, searches, without_results, last_searched_at, updated_at, created_at) VALUES (?, ?, ?, ?, ?, ?::timestamptz, now(), now())
           ON CONFLICT (day, kind, words) DO UPDATE SET searches = search_log.searches + EXCLUDED.searches, without_results = search_log.without_results + EXCLUDED.without_results, last_searched_at = EXCLUDED.last_searched_at, updated_at = now()`
        : `INSERT INTO search_log (day, kind, words, searches, without_results, last_searched_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (day, kind, words) DO UPDATE SET searches = searches + excluded.searches, without_results = without_results + excluded.without_results, last_searched_at = excluded.last_searched_at, updated_at = excluded.last_searched_at`,
      args: [day, entry.kind, entry.words, entry.count, entry.withoutResults, when],
    })
  }
  let pruned = 0
  if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
    prunedAt = Date.now()
    pruned = await pruneSearchLog(payload, at)
  }
  return { recorded: merged.size, skipped, pruned }
}

/** Deletes the days older than the retention period before `now`; answers how many rows went. */
export async function pruneSearchLog(payload: Payload, now: Date): Promise<number> {
  const oldest = new Date(now.getTime() - SEARCH_LOG_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10)
  return (await execute(payload, null, { sql: 'DELETE FROM search_log WHERE day < ?', args: [oldest] })).rowsAffected
}

/**
 * The categories holding the most products on sale, for a search that found nothing. Counting every product takes
 * 10–15 ms at 100,000 variants, so the answer is kept until the catalogue changes.
 */
export function popularCategories(payload: Payload, limit = 4): Promise<{ name: string; path: string; count: number }[]> {
  return catalogueMemo(`popular-categories:${limit}`, () => readPopularCategories(payload, limit))
}

async function readPopularCategories(payload: Payload, limit: number): Promise<{ name: string; path: string; count: number }[]> {
  const rows = await readRows(payload, {
    sql: `SELECT category_id AS id, COUNT(*) AS n FROM products WHERE status = 'active' AND category_id IS NOT NULL GROUP BY category_id ORDER BY n DESC, category_id LIMIT ?`,
    args: [limit],
  })
  if (!rows.length) return []
  const found = await payload.find({ collection: 'categories', where: { id: { in: rows.map((r) => Number(r.id)) } }, pagination: false, depth: 0, select: { name: true, path: true, slug: true }, overrideAccess: false })
  const byId = new Map(found.docs.map((c) => [c.id, c]))
  return rows.flatMap((r) => {
    const c = byId.get(Number(r.id))
    return c ? [{ name: c.name, path: c.path ?? c.slug ?? '', count: Number(r.n) }] : []
  })
}
