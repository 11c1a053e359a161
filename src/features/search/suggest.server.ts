// Suggestions as a rider types (GET /api/search/suggest?q=): the best products with their headline price
// (ADR 023, products.listPrice), and the brands and categories holding matches, with counts. The answer
// depends on q alone, so it is cached per normalised q in this process for a few seconds and by any HTTP
// cache for a minute. Its shape is the header combobox's: each option has a label, a URL and a detail.
import type { Payload } from 'payload'
import type { Media } from '../../payload-types'
import { paths } from '../../config/paths'
import { MAX_QUERY_LENGTH } from '../../domain/search/query'
import { fold } from '../../domain/search/normalise'
import { json, refuse } from '../../lib/http/respond'
import { searchIndexGeneration } from '../../cms/hooks/search-index'
import { runSearch, type RankedMatch, type SearchFilters } from './search.server'

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
  /** matching products in it */
  count: number
}

export interface Suggestions {
  q: string
  products: SuggestedProduct[]
  brands: SuggestedGroup[]
  categories: SuggestedGroup[]
  /** the full results page for q */
  searchUrl: string
}

/** The words' filters (a price, a licence) applied to a match: a product without the fact does not qualify. */
export function keptByFilters(match: Pick<RankedMatch, 'listPrice' | 'licence'>, filters: SearchFilters): boolean {
  if (filters.minPricePence !== null && (match.listPrice === null || match.listPrice < filters.minPricePence)) return false
  if (filters.maxPricePence !== null && (match.listPrice === null || match.listPrice > filters.maxPricePence)) return false
  if (filters.licences.length && (match.licence === null || !(filters.licences as string[]).includes(match.licence))) return false
  return true
}

function countBy(ids: (number | null)[]): Map<number, number> {
  const counts = new Map<number, number>()
  for (const id of ids) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1)
  return counts
}

async function suggestUncached(payload: Payload, q: string): Promise<Suggestions> {
  const empty: Suggestions = { q, products: [], brands: [], categories: [], searchUrl: paths.search(q) }
  if (!q.trim()) return empty
  const outcome = await runSearch(payload, q)
  if (!outcome.matches || outcome.matches.length === 0) return empty
  const rank = new Map(outcome.matches.map((m, i) => [m.id, i]))
  const inStock = new Map(outcome.matches.map((m) => [m.id, m.inStock]))
  // The matches come best first, on sale only, with what the words' filters and the groups need.
  const ordered = outcome.matches.filter((m) => keptByFilters(m, outcome.filters))
  const topIds = ordered.slice(0, SUGGESTED_PRODUCTS).map((d) => d.id)
  const brandCounts = countBy(ordered.map((d) => d.brandId))
  const categoryCounts = countBy(ordered.map((d) => d.categoryId))
  const topBrands = [...brandCounts].sort((a, b) => b[1] - a[1]).slice(0, SUGGESTED_GROUPS)
  const topCategories = [...categoryCounts].sort((a, b) => b[1] - a[1]).slice(0, SUGGESTED_GROUPS)
  const [products, brands, categories] = await Promise.all([
    topIds.length
      ? payload.find({
          collection: 'products',
          where: { id: { in: topIds } },
          pagination: false,
          depth: 1,
          select: { name: true, slug: true, listPrice: true, productType: true, brand: true, featuredImage: true },
          populate: { brands: { name: true }, media: { url: true, alt: true, sizes: true } },
          overrideAccess: false,
        })
      : { docs: [] },
    topBrands.length ? payload.find({ collection: 'brands', where: { id: { in: topBrands.map(([id]) => id) } }, pagination: false, depth: 0, select: { name: true, slug: true }, overrideAccess: false }) : { docs: [] },
    topCategories.length ? payload.find({ collection: 'categories', where: { id: { in: topCategories.map(([id]) => id) } }, pagination: false, depth: 0, select: { name: true, path: true, slug: true }, overrideAccess: false }) : { docs: [] },
  ])
  const brandById = new Map(brands.docs.map((b) => [b.id, b]))
  const categoryById = new Map(categories.docs.map((c) => [c.id, c]))
  return {
    ...empty,
    products: products.docs
      .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)
      .map((p) => {
        const media = typeof p.featuredImage === 'object' && p.featuredImage ? (p.featuredImage as Media) : null
        const url = media?.sizes?.thumbnail?.url ?? media?.url
        return {
          id: p.id,
          name: p.name,
          url: paths.product(p.slug ?? String(p.id)),
          pricePence: p.listPrice ?? null,
          fromPrice: p.productType === 'variable',
          brand: typeof p.brand === 'object' && p.brand ? p.brand.name : null,
          inStock: inStock.get(p.id) ?? false,
          image: media && url ? { url, alt: media.alt ?? '' } : null,
        }
      }),
    brands: topBrands.flatMap(([id, count]) => {
      const b = brandById.get(id)
      return b ? [{ name: b.name, url: paths.brand(b.slug ?? String(id)), count }] : []
    }),
    categories: topCategories.flatMap(([id, count]) => {
      const c = categoryById.get(id)
      return c ? [{ name: c.name, url: paths.category(c.path ?? c.slug ?? String(id)), count }] : []
    }),
  }
}

const cache = new Map<string, { at: number; generation: number; value: Promise<Suggestions> }>()

/** Suggestions for q, shared by every request for the same normalised q for FRESH_MS. */
export function suggest(payload: Payload, q: string, now = Date.now()): Promise<Suggestions> {
  const key = fold(q).replace(/\s+/g, ' ').trim()
  const generation = searchIndexGeneration()
  const hit = cache.get(key)
  if (hit && hit.generation === generation && now - hit.at < FRESH_MS) return hit.value.then((v) => ({ ...v, q }))
  const value = suggestUncached(payload, q)
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
  cache.set(key, { at: now, generation, value })
  value.catch(() => cache.delete(key))
  return value
}

/** GET /api/search/suggest?q=…: one q of at most MAX_QUERY_LENGTH characters, no control characters. */
export async function handleSuggest(request: Request, payload: Payload): Promise<Response> {
  const params = new URL(request.url).searchParams
  const all = params.getAll('q')
  if (all.length > 1) return refuse(400, 'invalid_request', 'Give one search, as q.', { fields: { q: 'Give one search, as q.' } })
  const q = all[0] ?? ''
  if (q.length > MAX_QUERY_LENGTH) return refuse(400, 'invalid_request', `A search is at most ${MAX_QUERY_LENGTH} characters.`, { fields: { q: `At most ${MAX_QUERY_LENGTH} characters.` } })
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(q) || !q.isWellFormed()) return refuse(400, 'invalid_characters', 'The search has characters that cannot be read.')
  const body = await suggest(payload, q)
  return json(body, 200, { 'cache-control': 'public, max-age=60' })
}
