// Listing reads: one page of product cards for a scope (all bikes, a brand, a category, a search)
// with the visitor's filters and sort, and the filter options that scope offers. Reads go through
// access rules (overrideAccess: false) and are cached for five minutes per distinct query.
import 'server-only'
import { unstable_cache } from 'next/cache'
import { cache } from 'react'
import type { Payload, Where } from 'payload'
import { payloadClient } from '../../cms/payload-client.server'
import { readCards, type ProductCard } from '../catalogue/queries.server'
import { BIKE_KINDS, PRODUCT_KINDS, type ProductKind } from '../../domain/catalogue/product-kind'
import { EMPTY_LISTING_QUERY, PAGE_SIZE, type ListingQuery } from '../../domain/catalogue/listing-query'
import type { Interval } from '../../domain/catalogue/listing-bands'
import {
  categoryPathCounts,
  countFacets,
  facetGroupings,
  listingConditions,
  type FacetCounts,
  type FilterCondition,
  type FilterField,
  type IdResolver,
} from '../../domain/catalogue/listing-facets'
import { filteredProductIds, orderedProductIds, readCombinations, type ScopeCondition } from './facet-counts.server'
import { CATALOGUE_TAG } from '../../config/cache-tags'
import { runSearch, type SearchOutcome } from '../search/search.server'
import { spokenQuery } from '../../domain/search/query'
import { withWordFilters } from '../../domain/search/query-filters'
import { budgetPanel, budgetSql, readMonthlyFigures } from '../finance-figures/monthly-figures.server'
import { bestBudgetQuote, budgetClauses, exampleFromQuote, type BudgetQuery } from '../../domain/finance/monthly-figures'
import type { RepresentativeExample } from '../../domain/finance/representative-example'
import { factTestSql, scopeSql } from './facet-counts.server'
import { isCycleFact } from '../catalogue/facet-index.server'
import { readRows } from '../../cms/sql.server'
import { catalogueMemo } from '../../cms/catalogue-memo.server'

const REVALIDATE_SECONDS = 300
const CACHE_TAGS = [CATALOGUE_TAG]

export interface CategoryInfo {
  id: number
  name: string
  slug: string
  path: string
  kind: ProductKind
  parentId: number | null
  description: string | null
}

export interface BrandInfo {
  id: number
  name: string
  slug: string
  description: string | null
}

export type ListingScope =
  | { type: 'bikes' }
  | { type: 'brand'; brandId: number }
  | { type: 'category'; categoryPath: string }
  | { type: 'search' }

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

/** A card's "from £X a month": the stored first quote of its finance step, or its best quote on the rider's budget terms. */
export interface CardMonthly {
  productId: number
  monthlyPence: number
}

/** The one representative example a listing that shows monthly figures carries (CONC 3.5.5R). */
export interface ListingExample {
  example: RepresentativeExample
  lenderName: string
  bikeName: string
}

export interface ListingResult {
  cards: ProductCard[]
  /** monthly figures of the cards that have one (a sold bike or one no lender quotes has none) */
  monthly: CardMonthly[]
  example: ListingExample | null
  totalDocs: number
  page: number
  /** the words searched for instead of those typed, when search corrected or left out some ("Honda Africa") */
  searchedFor?: string | null
}

/** The category tree, as every listing and its facets need it: read once per process until the catalogue changes. */
export function allCategories(): Promise<CategoryInfo[]> {
  return catalogueMemo('listing-categories', async () => {
    const payload = await payloadClient()
    const result = await payload.find({
      collection: 'categories',
      sort: ['position', 'name'],
      pagination: false,
      depth: 0,
      select: { name: true, slug: true, path: true, kind: true, parent: true, description: true },
      overrideAccess: false,
    })
    return result.docs.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      path: c.path ?? c.slug,
      kind: c.kind,
      parentId: typeof c.parent === 'object' && c.parent ? c.parent.id : (c.parent ?? null),
      description: c.description ?? null,
    }))
  })
}

/** The brands, likewise. */
export function allBrands(): Promise<BrandInfo[]> {
  return catalogueMemo('listing-brands', async () => {
    const payload = await payloadClient()
    const result = await payload.find({
      collection: 'brands',
      sort: 'name',
      pagination: false,
      depth: 0,
      select: { name: true, slug: true, description: true },
      overrideAccess: false,
    })
    return result.docs.map((b) => ({ id: b.id, name: b.name, slug: b.slug, description: b.description ?? null }))
  })
}

export async function categoryByPath(path: string): Promise<CategoryInfo | null> {
  const wanted = path.toLowerCase()
  return (await allCategories()).find((c) => c.path === wanted) ?? null
}

export async function brandBySlug(slug: string): Promise<BrandInfo | null> {
  const wanted = slug.toLowerCase()
  return (await allBrands()).find((b) => b.slug === wanted) ?? null
}

/** A category and every category below it. */
function withDescendants(categories: CategoryInfo[], path: string): number[] {
  return categories.filter((c) => c.path === path || c.path.startsWith(`${path}/`)).map((c) => c.id)
}

/** The ancestors of a category, top first, ending with the category itself. */
export function categoryTrail(categories: CategoryInfo[], category: CategoryInfo): CategoryInfo[] {
  const segments = category.path.split('/')
  return segments.flatMap((_, i) => categories.find((c) => c.path === segments.slice(0, i + 1).join('/')) ?? [])
}

const NOTHING: Where = { id: { equals: 0 } }
const ACTIVE: Where = { status: { equals: 'active' } }
/** Listed under a cycle fact: not an e-bike sold as a motor vehicle (facet-index.server.ts, LISTED_AS_CYCLE_SQL; ADR 069). */
const LISTED_AS_CYCLE: Where = { or: [{ 'ebike.eapc': { exists: false } }, { 'ebike.eapc': { equals: true } }] }
const asListed = (field: string, where: Where): Where => (isCycleFact(field) ? { and: [where, LISTED_AS_CYCLE] } : where)

/** The scope as conditions on products; with search words, only their matches (none: words that only set filters). */
function scopeConditions(scope: ListingScope, categories: CategoryInfo[], search: SearchOutcome | null): ScopeCondition[] {
  const out: ScopeCondition[] = []
  if (scope.type === 'bikes') out.push({ field: 'kind', values: [...BIKE_KINDS] })
  if (scope.type === 'brand') out.push({ field: 'brandId', values: [scope.brandId] })
  if (scope.type === 'category') out.push({ field: 'categoryId', values: withDescendants(categories, scope.categoryPath) })
  if (search?.matches) out.push({ field: 'id', values: search.matches.map((m) => m.id) })
  return out
}

/** Payload's path for each filtered field. */
const PATHS: Record<FilterField | 'kind' | 'id', string> = {
  id: 'id',
  kind: 'kind',
  categoryId: 'category',
  brandId: 'brand',
  condition: 'condition',
  listPrice: 'listPrice',
  engineCc: 'attributes.engineCc',
  licence: 'attributes.licenceCategory',
  frameSize: 'attributes.frameSize',
  bikeType: 'attributes.bikeType',
  batteryRangeMiles: 'attributes.batteryRangeMiles',
}

/**
 * One value is asked for with `equals`: Payload writes a relationship's `in` with each id twice (as number and as
 * text), and PostgreSQL reads an index in order only for a single value, so a brand's or a leaf category's page
 * would sort all its products instead of reading the first 24 from products_listing_brand_idx and its sibling.
 */
function inWhere(path: string, values: readonly (string | number)[]): Where {
  const distinct = [...new Set(values)]
  if (distinct.length === 1) return { [path]: { equals: distinct[0] } }
  return distinct.length ? { [path]: { in: distinct } } : NOTHING
}

function intervalWhere(path: string, i: Interval): Where {
  const and: Where[] = []
  if (i.atLeast !== undefined) and.push({ [path]: { greater_than_equal: i.atLeast } })
  if (i.above !== undefined) and.push({ [path]: { greater_than: i.above } })
  if (i.below !== undefined) and.push({ [path]: { less_than: i.below } })
  if (i.atMost !== undefined) and.push({ [path]: { less_than_equal: i.atMost } })
  if (!and.length) return { [path]: { exists: true } }
  return and.length === 1 ? and[0]! : { and }
}

/** A filter condition as Payload's where: the same test the facet SQL applies (facet-counts.server.ts). */
function conditionWhere(c: FilterCondition): Where {
  const path = PATHS[c.field]
  if (c.test.kind === 'in') return asListed(c.field, inWhere(path, c.test.values))
  if (!c.test.ranges.length) return NOTHING
  return asListed(c.field, c.test.ranges.length === 1 ? intervalWhere(path, c.test.ranges[0]!) : { or: c.test.ranges.map((r) => intervalWhere(path, r)) })
}

function scopeWhere(scope: ScopeCondition[]): Where[] {
  return scope.map((c) => asListed(c.field, inWhere(PATHS[c.field], c.values)))
}

function resolver(categories: CategoryInfo[], brands: BrandInfo[]): IdResolver {
  return {
    brandIds: (slugs) => brands.filter((b) => slugs.includes(b.slug)).map((b) => b.id),
    categoryIds: (path) => withDescendants(categories, path),
  }
}

/** One search per request: the page and its facets are read side by side and both need the matches. */
const searchOnce = cache(async (typed: string): Promise<SearchOutcome> => runSearch(await payloadClient(), typed))

const RELEVANCE_SORT = ['-featured', '-createdAt', '-id']
/** A page of product ids, read through Payload (access rules, where and sort); readCards then reads their cards in one statement. */
const PAGE_IDS = { collection: 'products', depth: 0, select: {}, overrideAccess: false } as const

/** What search used instead of the typed words, when it corrected or left out any. */
function searchedFor(search: SearchOutcome | null): string | null {
  if (!search || (!Object.keys(search.corrections).length && !search.dropped.length) || !search.clauses.length) return null
  return spokenQuery(search.clauses)
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

/**
 * The budget filter (ADR 030): the panel's hire-purchase rates turned into price ceilings for the rider's
 * monthly budget, deposit and term, filtered and sorted by monthly cost in one SQL statement; only the page's own
 * bikes are then quoted, in-process by the quote engine, for the figures their cards print.
 */
async function readBudgetPage(scope: ListingScope, query: ListingQuery, budget: BudgetQuery): Promise<ListingResult> {
  const [payload, categories, brands] = await Promise.all([payloadClient(), allCategories(), allBrands()])
  const search = query.q ? await searchOnce(query.q) : null
  const filters = search ? withWordFilters(query, search.filters) : query
  const conditions = listingConditions(filters, resolver(categories, brands))
  const asOf = new Date()
  const panel = await budgetPanel(payload)
  const money = budgetSql(payload, budgetClauses(panel, budget, asOf), budget.depositPence)
  const parts = [{ sql: `p.status = 'active' AND p.stock_quantity > 0`, args: [] }, scopeSql(payload, scopeConditions(scope, categories, search)), ...conditions.map((c) => factTestSql(c.field, c.test)), money.where]
  const where = { sql: parts.map((p) => p.sql).join(' AND '), args: parts.flatMap((p) => p.args) }
  const offset = (query.page - 1) * PAGE_SIZE
  const [rows, counted] = await Promise.all([
    readRows(payload, {
      sql: `SELECT p.id AS id, p.list_price AS price, p.condition AS condition, p.vehicle_registration_date AS registered, p.vehicle_mileage AS mileage, ${money.monthly.sql} AS monthly FROM products p WHERE ${where.sql} ORDER BY 6, p.id LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
      args: [...money.monthly.args, ...where.args],
    }),
    readRows(payload, { sql: `SELECT COUNT(*) AS n FROM products p WHERE ${where.sql}`, args: where.args }),
  ])
  const cards = await readCards(payload, rows.map((r) => Number(r.id)))
  const byId = new Map(cards.map((c) => [c.id, c]))
  const quotes = rows.flatMap((r) => {
    const registered = r.registered instanceof Date ? r.registered.toISOString() : r.registered == null ? null : String(r.registered)
    const bike = { cashPricePence: Number(r.price), condition: r.condition === 'used' ? ('used' as const) : ('new' as const), registrationDate: registered, odometerMiles: Number(r.mileage ?? 0) }
    const best = bestBudgetQuote(panel, bike, budget, asOf)
    return best && best.quote.regularPaymentPence <= budget.monthlyPence ? [{ productId: Number(r.id), ...best }] : []
  })
  const first = quotes[0]
  const firstCard = first ? byId.get(first.productId) : undefined
  return {
    cards,
    totalDocs: Number(counted[0]?.n ?? 0),
    page: query.page,
    searchedFor: searchedFor(search),
    monthly: quotes.map((q) => ({ productId: q.productId, monthlyPence: q.quote.regularPaymentPence })),
    example: first && firstCard ? { example: exampleFromQuote(first.quote), lenderName: first.lenderName, bikeName: firstCard.name } : null,
  }
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

const OTHER_KINDS = PRODUCT_KINDS.filter((k) => !BIKE_KINDS.includes(k))

/**
 * Page `page` of the products on sale in the scope that pass the conditions, bikes before everything else, each part
 * by the listing's own SQL (orderedProductIds), which names the status so that both databases answer from their
 * partial indexes (SQLite at 100,000 variants: page and count 26 and 20 ms through Payload, 0.1 and 1 ms so).
 */
async function bikesFirstIds(payload: Payload, scope: readonly ScopeCondition[], conditions: readonly FilterCondition[], page: number): Promise<{ ids: number[]; total: number }> {
  const offset = (page - 1) * PAGE_SIZE
  const bikes = await orderedProductIds(payload, [...scope, { field: 'kind', values: [...BIKE_KINDS] }], conditions, offset, PAGE_SIZE)
  const rest = await orderedProductIds(payload, [...scope, { field: 'kind', values: OTHER_KINDS }], conditions, Math.max(0, offset - bikes.total), PAGE_SIZE - bikes.ids.length)
  return { ids: [...bikes.ids, ...rest.ids], total: bikes.total + rest.total }
}

/**
 * Page `page` of a list that shows every product of `first` (in its sort) before any of `rest` (in its own): each part
 * read through its own where and sort, so both keep to their indexes, where one ORDER BY over a computed column would
 * sort every match.
 */
async function firstThenRest(payload: Payload, page: number, first: Where, firstSort: string[], rest: Where, restSort: string[]): Promise<{ cards: ProductCard[]; totalDocs: number }> {
  const [head, restCount] = await Promise.all([
    payload.find({ ...PAGE_IDS, where: first, sort: firstSort, page, limit: PAGE_SIZE }),
    payload.count({ collection: 'products', where: rest, overrideAccess: false }),
  ])
  const docs = [...head.docs]
  if (docs.length < PAGE_SIZE && restCount.totalDocs > 0) {
    const skip = Math.max(0, (page - 1) * PAGE_SIZE - head.totalDocs)
    const take = PAGE_SIZE - docs.length
    if (skip < restCount.totalDocs) {
      const tail = await payload.find({ ...PAGE_IDS, where: rest, sort: restSort, page: 1, limit: skip + take })
      docs.push(...tail.docs.slice(skip, skip + take))
    }
  }
  return { cards: await readCards(payload, docs.map((d) => d.id)), totalDocs: head.totalDocs + restCount.totalDocs }
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
