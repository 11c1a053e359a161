// How search orders its matches and what suggestions show of them, from the index's own relevance and each match's
// facts held in memory (domain/catalogue/facet-index.ts): the rules the ranked SQL statement applied until the facts
// moved there, so that the database only ranks the index.
import type { MatchFacts } from '../catalogue/facet-index'
import type { WordFilters } from './query-filters'

/** How much a sold-out product's relevance counts: it ranks below an in-stock product matching as well, but not below one that merely mentions the words. */
export const SOLD_OUT_WEIGHT = 0.5

/** A match as the index ranked it: `relevance` is higher for a better match (bm25 negated, ts_rank as it is). */
export interface Hit {
  id: number
  relevance: number
}

/**
 * The hits on sale (those `factsOf` knows), best first: relevance weighted by stock, then featured first, then by id.
 * Equal weighted relevance keeps the order the statement gave: featured, then the lower id.
 */
export function weighMatches(hits: readonly Hit[], factsOf: (id: number) => MatchFacts | null): MatchFacts[] {
  const weighed: { facts: MatchFacts; score: number }[] = []
  for (const hit of hits) {
    const facts = factsOf(hit.id)
    if (facts) weighed.push({ facts, score: hit.relevance * (facts.inStock ? 1 : SOLD_OUT_WEIGHT) })
  }
  weighed.sort((a, b) => b.score - a.score || Number(b.facts.featured) - Number(a.facts.featured) || a.facts.id - b.facts.id)
  return weighed.map((w) => w.facts)
}

/** What suggestions show of a search's matches: the best few products, and the brands and categories holding most. */
export interface MatchSummary {
  /** the best `products` matches that pass the words' filters, best first */
  top: { id: number; inStock: boolean }[]
  /** the brands and the categories holding most of those matches, with how many; equal counts in the order of their best match */
  brands: { id: number; count: number }[]
  categories: { id: number; count: number }[]
}

/** The words' filters (a price, a licence) on a match's facts: a product without the fact does not pass. */
export function passesWordFilters(m: MatchFacts, filters: WordFilters): boolean {
  if (filters.minPricePence !== null && (m.listPrice === null || m.listPrice < filters.minPricePence)) return false
  if (filters.maxPricePence !== null && (m.listPrice === null || m.listPrice > filters.maxPricePence)) return false
  if (filters.licences.length && (m.licence === null || !(filters.licences as readonly string[]).includes(m.licence))) return false
  return true
}

/** The ordered matches summarised: the first `products` that pass the filters, and the `groups` brands and categories holding most of those that pass. */
export function summariseMatches(matches: readonly MatchFacts[], filters: WordFilters, products: number, groups: number): MatchSummary {
  const kept = matches.filter((m) => passesWordFilters(m, filters))
  const holding = (idOf: (m: MatchFacts) => number | null) => {
    // insertion order is the order of each group's best match, which breaks equal counts
    const counts = new Map<number, number>()
    for (const m of kept) {
      const id = idOf(m)
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    return [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count).slice(0, groups)
  }
  return {
    top: kept.slice(0, products).map((m) => ({ id: m.id, inStock: m.inStock })),
    brands: holding((m) => m.brandId),
    categories: holding((m) => m.categoryId),
  }
}
