// Listing reads: one page of product cards for a scope (all bikes, a brand, a category, a search)
// with the visitor's filters and sort, and the filter options that scope offers. Reads go through
// access rules (overrideAccess: false) and are cached for five minutes per distinct query. The scope and filters
// become conditions in listing-conditions.server.ts; the budget page and the two-part sorts read in their own files.
import 'server-only'
import { unstable_cache } from 'next/cache'
import type { Where } from 'payload'
import { payloadClient } from '../../cms/payload-client.server'
import { readCards } from '../catalogue/queries.server'
import { PRODUCT_KINDS, type ProductKind } from '../../domain/catalogue/product-kind'
import { EMPTY_LISTING_QUERY, PAGE_SIZE, type ListingQuery } from '../../domain/catalogue/listing-query'
import { categoryPathCounts, countFacets, facetGroupings, listingConditions, type FacetCounts } from '../../domain/catalogue/listing-facets'
import { filteredProductIds, readCombinations } from './facet-counts.server'
import { CATALOGUE_TAG } from '../../config/cache-tags'
import { withWordFilters } from '../../domain/search/query-filters'
import { readMonthlyFigures } from '../finance-figures/monthly-figures.server'
import { allBrands, allCategories, categoryTrail } from './categories-and-brands.server'
import { ACTIVE, conditionWhere, resolver, scopeConditions, scopeWhere, searchedFor, searchOnce, type ListingScope } from './listing-conditions.server'
import { bikesFirstIds, firstThenRest, PAGE_IDS, RELEVANCE_SORT } from './two-part-reads.server'
import { readBudgetPage } from './budget-page.server'
import type { ListingResult } from './listing-result'

const REVALIDATE_SECONDS = 300
const CACHE_TAGS = [CATALOGUE_TAG]

export interface ListingFacets {
  /** products on sale in the scope (a search: its matches), whatever filters are chosen */
  total: number
  /** brands with products in the scope; `count`: products left if this brand were (also) chosen */
  brands: { slug: string; name: string; count: number }[]
  /** categories holding products in the scope, with their ancestors, in tree order; `count` includes sub-categories */
  categories: { path: string; name: string; depth: number; count: number }[]
  kinds: ProductKind[]
  /** every facet's option counts under the other facets' choices */
  counts: FacetCounts
}

/** One page of cards for the scope and query with their monthly figures, read from the database (uncached). */
export async function readListingPage(scope: ListingScope, query: ListingQuery): Promise<ListingResult> {
  if (query.budget) return readBudgetPage(scope, query, query.budget)
  const page = await readCardsPage(scope, query)
  const payload = await payloadClient()
  const figures = await readMonthlyFigures(payload, page.cards.filter((c) => c.stockQuantity > 0).map((c) => c.id))
  const monthly = page.cards.flatMap((c) => {
    const f = figures.get(c.id)
    return f ? [{ productId: c.id, monthlyPence: f.monthlyPence }] : []
  })
  const firstCard = page.cards.find((c) => figures.has(c.id))
  const first = firstCard ? figures.get(firstCard.id) : undefined
  return { ...page, monthly, example: first && firstCard ? { example: first.example, lenderName: first.lenderName, bikeName: firstCard.name } : null }
}

/** One page of cards for the scope and query (uncached). */
async function readCardsPage(scope: ListingScope, query: ListingQuery): Promise<Omit<ListingResult, 'monthly' | 'example'>> {
  const [payload, categories, brands] = await Promise.all([payloadClient(), allCategories(), allBrands()])
  // Search words: ranked matches from the search index, and the price and licence filters they name.
  const search = query.q ? await searchOnce(query.q) : null
  const filters = search ? withWordFilters(query, search.filters) : query
  // listings show what is on sale even to a signed-in member of staff, who may read drafts
  const conditions = listingConditions(filters, resolver(categories, brands))
  const base: Where[] = [ACTIVE, ...scopeWhere(scopeConditions(scope, categories, search)), ...conditions.map(conditionWhere)]
  const where: Where = { and: base }

  if (query.sort === 'relevance' && search?.matches?.length) {
    // by relevance: the index's order, kept through the filters (one SQL read of up to MAX_MATCHES ids, the same
    // conditions as `where`; through Payload it took 200 ms for 1,000 matches at 100,000 variants), one page read
    // The search page without filters keeps every match: they are products on sale already (rankedMatches).
    const matchIds = search.matches.map((m) => m.id)
    const unfiltered = scope.type === 'search' && conditions.length === 0
    const keptIds = unfiltered ? null : new Set(await filteredProductIds(payload, scopeConditions(scope, categories, search), conditions))
    const ranked = keptIds ? matchIds.filter((id) => keptIds.has(id)) : matchIds
    const pageIds = ranked.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE)
    return { cards: await readCards(payload, pageIds), totalDocs: ranked.length, page: query.page, searchedFor: searchedFor(search) }
  }

  if (query.sort === 'relevance' && scope.type === 'search') {
    // No words left to rank by, only filters ("under 5000", or the filters alone): every product on sale they leave,
    // bikes first, since that is what a dealer's riders mean, each part in the listing's default order.
    const { ids, total } = await bikesFirstIds(payload, scopeConditions(scope, categories, search), conditions, query.page)
    return { cards: await readCards(payload, ids), totalDocs: total, page: query.page, searchedFor: searchedFor(search) }
  }

  if (query.sort === 'relevance') {
    const result = await payload.find({ ...PAGE_IDS, where, sort: RELEVANCE_SORT, page: query.page, limit: PAGE_SIZE })
    return { cards: await readCards(payload, result.docs.map((d) => d.id)), totalDocs: result.totalDocs, page: query.page, searchedFor: searchedFor(search) }
  }

  // Price sorts put products without a price (price on application) last on every database:
  // SQLite and PostgreSQL disagree on where NULLs sort, so priced and unpriced are read apart.
  const direction = query.sort === 'price-asc' ? '' : '-'
  const page = await firstThenRest(payload, query.page, { and: [...base, { price: { exists: true } }] }, [`${direction}listPrice`, 'id'], { and: [...base, { price: { exists: false } }] }, RELEVANCE_SORT)
  return { ...page, page: query.page, searchedFor: searchedFor(search) }
}

/** One page of cards for the scope and query; cached per distinct (scope, query) for five minutes. */
export const listProducts = unstable_cache(readListingPage, ['listing-products-v2'], { revalidate: REVALIDATE_SECONDS, tags: CACHE_TAGS })

/** The query's part that facets depend on: the same filters and words on any page and in any order give the same counts. */
export function facetQuery(query: ListingQuery): ListingQuery {
  return { ...query, sort: EMPTY_LISTING_QUERY.sort, page: EMPTY_LISTING_QUERY.page }
}

/** The scope's brands, categories and kinds, and how many products each filter option would leave. */
export async function readListingFacets(scope: ListingScope, query: ListingQuery): Promise<ListingFacets> {
  const [payload, categories, brands] = await Promise.all([payloadClient(), allCategories(), allBrands()])
  // a search counts over its matches, with the filters its words set (as the listing applies them)
  const search = query.q ? await searchOnce(query.q) : null
  const filters = search ? withWordFilters(query, search.filters) : query
  const conditions = listingConditions(filters, resolver(categories, brands))
  const combinations = await readCombinations(payload, scopeConditions(scope, categories, search), facetGroupings(query), conditions)
  const { counts, presence } = countFacets(query, conditions, combinations)

  const brandIds = new Set(presence.brandIds)
  const categoryIds = new Set(presence.categoryIds)
  const usedPaths = new Set<string>()
  for (const c of categories) {
    if (!categoryIds.has(c.id)) continue
    for (const a of categoryTrail(categories, c)) usedPaths.add(a.path)
  }
  const byPath = categoryPathCounts(categories, counts.byFacet.category)
  // tree order: a parent, then its children, following the categories' own positions
  const ordered: ListingFacets['categories'] = []
  const visit = (parentId: number | null, depth: number) => {
    for (const c of categories) {
      if (c.parentId !== parentId || !usedPaths.has(c.path)) continue
      ordered.push({ path: c.path, name: c.name, depth, count: byPath[c.path] ?? 0 })
      visit(c.id, depth + 1)
    }
  }
  visit(null, 0)
  // on a category page only its sub-categories are choices; depth counts from below that category
  const inScope =
    scope.type === 'category'
      ? ordered.filter((c) => c.path.startsWith(`${scope.categoryPath}/`)).map((c) => ({ ...c, depth: c.depth - scope.categoryPath.split('/').length }))
      : ordered
  return {
    total: presence.total,
    brands: brands.filter((b) => brandIds.has(b.id)).map((b) => ({ slug: b.slug, name: b.name, count: counts.byFacet.brand[String(b.id)] ?? 0 })),
    categories: inScope,
    kinds: presence.kinds.filter((k): k is ProductKind => (PRODUCT_KINDS as readonly string[]).includes(k)),
    counts,
  }
}

const cachedFacets = unstable_cache(readListingFacets, ['listing-facets-v2'], { revalidate: REVALIDATE_SECONDS, tags: CACHE_TAGS })

/** The filter form's options and counts for a scope and query; cached per distinct (scope, filters, words) for five minutes. */
export function listingFacets(scope: ListingScope, query: ListingQuery): Promise<ListingFacets> {
  return cachedFacets(scope, facetQuery(query))
}
