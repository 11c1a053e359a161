// Suggestions as a rider types (GET /api/search/suggest?q=): the best products with their headline price
// (ADR 023, products.listPrice), and the brands and categories holding matches, each with its page's count. The answer
// depends on q alone, so it is cached per normalised q in this process for a few seconds and by any HTTP
// cache for a minute. Its shape is the header combobox's: each option has a label, a URL and a detail.
import type { Payload } from 'payload'
import { paths } from '../../config/paths'
import { MAX_QUERY_LENGTH, searchFieldsFor } from '../../domain/search/query'
import { fold } from '../../domain/search/normalise'
import { json, refuse } from '../../lib/http/respond'
import { searchIndexChangedElsewhere, searchIndexGeneration } from '../../cms/hooks/search-index'
import { placeholders, readRows } from '../../cms/sql.server'
import { prepareSearch, rankedSummary, type MatchSummary, type PreparedSearch } from './search.server'
import { listPrice } from '../catalogue-rows/catalogue-rows'

export const SUGGESTED_PRODUCTS = 6
export const SUGGESTED_GROUPS = 4
const FRESH_MS = 10_000
const MAX_CACHED = 500

export interface SuggestedProduct {
  id: number
  name: string
  url: string
  /** headline price in pence (ADR 023); null when the price is on application */
  pricePence: number | null
  /** the lowest of its variants' prices, shown as "from" (as product cards do) */
  fromPrice: boolean
  brand: string | null
  inStock: boolean
  image: { url: string; alt: string } | null
}

export interface SuggestedGroup {
  name: string
  url: string
  /** the products its page lists (the brand's or the category's page, which the option opens) */
  count: number
}

/**
 * How many products each brand's and category's page lists. The listing owns those pages' rules and answers this
 * (features/listing/page-totals.server.ts); search sits below the listing, so the route hands it in.
 */
export type GroupPageTotals = (payload: Payload, groups: { brands: readonly number[]; categories: readonly number[] }) => Promise<{ brands: ReadonlyMap<number, number>; categories: ReadonlyMap<number, number> }>

export interface Suggestions {
  q: string
  products: SuggestedProduct[]
  brands: SuggestedGroup[]
  categories: SuggestedGroup[]
  /** the full results page for q */
  searchUrl: string
}

async function suggestUncached(payload: Payload, q: string, pageTotals: GroupPageTotals): Promise<Suggestions> {
  const empty: Suggestions = { q, products: [], brands: [], categories: [], searchUrl: paths.search(q) }
  if (!q.trim()) return empty
  const search = await prepareSearch(payload, q)
  if (search.nothingKnown || search.clauses.length === 0) return empty
  // The best matches that pass the words' filters, and the groups holding most of them: matched in the titles
  // (name, brand, model, category) while they give a full list, else in every field.
  const summary = await summarise(payload, search)
  const brandIds = summary.brands.map((b) => b.id)
  const categoryIds = summary.categories.map((c) => c.id)
  // The groups holding most matches are offered; each says how many products the page it opens lists, so the number
  // a rider reads is the number they then see (a count of matches would be the search page's, not the brand's).
  const [facts, totals] = await Promise.all([readSuggestionFacts(payload, summary.top.map((m) => m.id), brandIds, categoryIds), pageTotals(payload, { brands: brandIds, categories: categoryIds })])
  return {
    ...empty,
    products: summary.top.flatMap(({ id, inStock }) => {
      const p = facts.products.get(id)
      if (!p) return []
      return [{ ...p, url: paths.product(p.slug), inStock }]
    }),
    brands: brandIds.flatMap((id) => {
      const b = facts.brands.get(id)
      const count = totals.brands.get(id)
      return b && count ? [{ name: b.name, url: paths.brand(b.slug), count }] : []
    }),
    categories: categoryIds.flatMap((id) => {
      const c = facts.categories.get(id)
      const count = totals.categories.get(id)
      return c && count ? [{ name: c.name, url: paths.category(c.path), count }] : []
    }),
  }
}

/**
 * What a rider types is most often a name, a brand, a model or a category, and a word in half the descriptions
 * ("stocked", "with") would otherwise be ranked in every one of them: bm25 over 20,226 documents for `sto` at
 * 100,000 variants (docs/perf-log.md). So suggestions match the titles first, and every field (the description and spec
 * sheet as well, as the results page does) only when the titles give fewer than a full list of products.
 */
async function summarise(payload: Payload, search: PreparedSearch): Promise<MatchSummary> {
  const titles = await rankedSummary(payload, search.clauses, search.filters, SUGGESTED_PRODUCTS, SUGGESTED_GROUPS, 'titles')
  if (titles.top.length >= SUGGESTED_PRODUCTS || searchFieldsFor(search.clauses) === 'titles') return titles
  return rankedSummary(payload, search.clauses, search.filters, SUGGESTED_PRODUCTS, SUGGESTED_GROUPS, 'all')
}

interface SuggestionFacts {
  products: Map<number, Omit<SuggestedProduct, 'url' | 'inStock'> & { slug: string }>
  brands: Map<number, { name: string; slug: string }>
  categories: Map<number, { name: string; path: string }>
}

/**
 * What the options show, in one statement: the products (active only, as a visitor may read them), each with its
 * brand's name and its picture's thumbnail (the URLs Payload stored with the picture), and the groups' names. Three
 * reads through Payload's Local API cost 15–30 ms of JavaScript for a few rows, the greater part of a suggestion.
 */
async function readSuggestionFacts(payload: Payload, productIds: number[], brandIds: number[], categoryIds: number[]): Promise<SuggestionFacts> {
  const facts: SuggestionFacts = { products: new Map(), brands: new Map(), categories: new Map() }
  if (!productIds.length && !brandIds.length && !categoryIds.length) return facts
  const list = (ids: number[]) => (ids.length ? placeholders(ids.length) : 'NULL')
  const rows = await readRows(payload, {
    sql: `SELECT 'p' AS kind, p.id, p.name, p.slug, ${listPrice('p')} AS headline_pence, p.product_type, b.name AS brand, m.url AS image_url, m.sizes_thumbnail_url AS thumbnail_url, m.alt AS image_alt
          FROM products p LEFT JOIN brands b ON b.id = p.brand_id LEFT JOIN media m ON m.id = p.featured_image_id
          WHERE p.status = 'active' AND p.id IN (${list(productIds)})
          UNION ALL SELECT 'b', id, name, slug, NULL, NULL, NULL, NULL, NULL, NULL FROM brands WHERE id IN (${list(brandIds)})
          UNION ALL SELECT 'c', id, name, COALESCE(path, slug), NULL, NULL, NULL, NULL, NULL, NULL FROM categories WHERE id IN (${list(categoryIds)})`,
    args: [...productIds, ...brandIds, ...categoryIds],
  })
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v))
  for (const r of rows) {
    const id = Number(r.id)
    if (r.kind === 'b') facts.brands.set(id, { name: String(r.name), slug: text(r.slug) ?? String(id) })
    else if (r.kind === 'c') facts.categories.set(id, { name: String(r.name), path: text(r.slug) ?? String(id) })
    else {
      const url = text(r.thumbnail_url) ?? text(r.image_url)
      facts.products.set(id, {
        id,
        name: String(r.name),
        slug: text(r.slug) ?? String(id),
        pricePence: r.headline_pence === null || r.headline_pence === undefined ? null : Number(r.headline_pence),
        fromPrice: r.product_type === 'variable',
        brand: text(r.brand),
        image: url ? { url, alt: text(r.image_alt) ?? '' } : null,
      })
    }
  }
  return facts
}

const cache = new Map<string, { at: number; generation: number; value: Promise<Suggestions> }>()

/** Suggestions for q, shared by every request for the same normalised q for FRESH_MS. */
export function suggest(payload: Payload, q: string, pageTotals: GroupPageTotals, now = Date.now()): Promise<Suggestions> {
  const key = fold(q).replace(/\s+/g, ' ').trim()
  const generation = searchIndexGeneration() + searchIndexChangedElsewhere() * 1e9
  const hit = cache.get(key)
  if (hit && hit.generation === generation && now - hit.at < FRESH_MS) return hit.value.then((v) => ({ ...v, q }))
  const value = suggestUncached(payload, q, pageTotals)
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
  cache.set(key, { at: now, generation, value })
  value.catch(() => cache.delete(key))
  return value
}

/** GET /api/search/suggest?q=…: one q of at most MAX_QUERY_LENGTH characters, no control characters. */
export async function handleSuggest(request: Request, payload: Payload, pageTotals: GroupPageTotals): Promise<Response> {
  const params = new URL(request.url).searchParams
  const all = params.getAll('q')
  if (all.length > 1) return refuse(400, 'invalid_request', 'Give one search, as q.', { fields: { q: 'Give one search, as q.' } })
  const q = all[0] ?? ''
  if (q.length > MAX_QUERY_LENGTH) return refuse(400, 'invalid_request', `A search is at most ${MAX_QUERY_LENGTH} characters.`, { fields: { q: `At most ${MAX_QUERY_LENGTH} characters.` } })
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(q) || !q.isWellFormed()) return refuse(400, 'invalid_characters', 'The search has characters that cannot be read.')
  const body = await suggest(payload, q, pageTotals)
  return json(body, 200, { 'cache-control': 'public, max-age=60' })
}
