// Run by bench/listing-facets.mjs: times the listing's facet counts (one grouped statement) and the listing page read,
// uncached, in this process against DATABASE_URL, over a fixed set of listings with and without filters.
import { getPayload } from 'payload'
import config from '../src/payload.config'
import { parseListingQuery } from '../src/domain/catalogue/listing-query'
import type { ListingScope } from '../src/features/listing/listing-conditions.server'

const { readListingFacets, readListingPage } = await import('../src/features/listing/queries.server')
const { brandBySlug } = await import('../src/features/listing/categories-and-brands.server')
const payload = await getPayload({ config })
const rounds = Number(process.env.BENCH_ROUNDS ?? 30)

const firstBrand = (await payload.find({ collection: 'brands', limit: 1, sort: 'name', depth: 0, overrideAccess: true })).docs[0]
const brand = firstBrand ? await brandBySlug(firstBrand.slug) : null
const cases: { label: string; scope: ListingScope; query: string }[] = [
  { label: '/all-bikes', scope: { type: 'bikes' }, query: '' },
  { label: '/all-bikes?condition=used&licence=A2', scope: { type: 'bikes' }, query: 'condition=used&licence=A2' },
  { label: '/all-bikes?engine=126-500&engine=501-750&price=3000-6000&brand=…', scope: { type: 'bikes' }, query: `engine=126-500&engine=501-750&price=3000-6000&brand=${firstBrand?.slug ?? 'honda'}` },
  { label: '/category/riderwear', scope: { type: 'category', categoryPath: 'riderwear' }, query: '' },
  { label: '/category/riderwear?price=under-250&min=20', scope: { type: 'category', categoryPath: 'riderwear' }, query: 'price=under-250&min=20' },
  { label: `/brand/${brand?.slug ?? '?'}`, scope: brand ? { type: 'brand', brandId: brand.id } : { type: 'bikes' }, query: '' },
  { label: '/search?q=honda', scope: { type: 'search' }, query: 'q=honda' },
  { label: '/search?q=helmet&price=under-250', scope: { type: 'search' }, query: 'q=helmet&price=under-250' },
  { label: '/search?q=jacket', scope: { type: 'search' }, query: 'q=jacket' },
  { label: '/search?q=a2 bikes', scope: { type: 'search' }, query: 'q=a2+bikes' },
  { label: '/search?q=under 5000', scope: { type: 'search' }, query: 'q=under+5000' },
]

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** A new request: React's request cache (one search per page) starts empty, as it does for each page served. */
const newRequest = () => (globalThis as { __benchNewRequest?: () => void }).__benchNewRequest?.()

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  newRequest()
  await fn() // warm the connection and the search vocabulary
  const out: number[] = []
  for (let i = 0; i < rounds; i++) {
    newRequest()
    const started = performance.now()
    await fn()
    out.push(performance.now() - started)
  }
  return out.sort((a, b) => a - b)
}

console.log(`database: ${payload.db.name}, ${rounds} rounds each, uncached (no Next cache in this process)`)
console.log('| listing | page p50 ms | page p99 ms | facets p50 ms | facets p99 ms | page + facets (parallel, as the page reads them) p50 ms | p99 ms |')
console.log('|---|---|---|---|---|---|---|')
for (const c of cases) {
  const query = parseListingQuery(new URLSearchParams(c.query))
  const page = await time(() => readListingPage(c.scope, query))
  const facets = await time(() => readListingFacets(c.scope, query))
  const both = await time(() => Promise.all([readListingFacets(c.scope, query), readListingPage(c.scope, query)]))
  console.log(`| ${c.label} | ${pct(page, 50).toFixed(1)} | ${pct(page, 99).toFixed(1)} | ${pct(facets, 50).toFixed(1)} | ${pct(facets, 99).toFixed(1)} | ${pct(both, 50).toFixed(1)} | ${pct(both, 99).toFixed(1)} |`)
}
await payload.destroy()
process.exit(0)
