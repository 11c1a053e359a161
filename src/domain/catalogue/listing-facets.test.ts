import { describe, expect, it } from 'vitest'
import { EMPTY_LISTING_QUERY, parseListingQuery, type ListingQuery } from './listing-query'
import { FacetIndex, type ProductFacts } from './facet-index'
import {
  categoryPathCounts,
  countFacets,
  countSuffix,
  facetGroupings,
  facetOption,
  flagConditions,
  listingConditions,
  passes,
  spokenCountSuffix,
  type Combination,
  type CountedFacet,
  type FilterField,
  type IdResolver,
} from './listing-facets'

/** A product as the facet index holds it, before it has an id. */
type P = Omit<ProductFacts, 'id'>

// categories: 1 motorcycles, 2 motorcycles/naked, 3 scooters, 4 bicycles, 5 e-bikes
const CATEGORY_IDS: Record<string, number[]> = { motorcycles: [1, 2], 'motorcycles/naked': [2], scooters: [3], bicycles: [4], 'e-bikes': [5] }
const BRAND_IDS: Record<string, number> = { honda: 1, ktm: 2, trek: 3, cube: 4 }
const resolve: IdResolver = {
  brandIds: (slugs) => slugs.flatMap((s) => BRAND_IDS[s] ?? []),
  categoryIds: (path) => CATEGORY_IDS[path] ?? [],
}

function motorcycle(brandId: number, cc: number, pence: number, licence: string, condition: 'new' | 'used' = 'new', categoryId = 2): P {
  return { kind: 'motorcycle', categoryId, brandId, condition, listPrice: pence, engineCc: cc, licence, frameSize: null, bikeType: null, batteryRangeMiles: null, inStock: true, featured: false }
}
function bicycle(brandId: number | null, frame: string | null, type: string | null, pence: number | null, range: number | null = null): P {
  return { kind: range === null ? 'bicycle' : 'e-bike', categoryId: range === null ? 4 : 5, brandId, condition: 'new', listPrice: pence, engineCc: null, licence: null, frameSize: frame, bikeType: type, batteryRangeMiles: range, inStock: true, featured: false }
}

const PRODUCTS: P[] = [
  motorcycle(1, 649, 749_900, 'A2'),
  motorcycle(1, 1084, 1_449_900, 'A', 'used', 1),
  motorcycle(1, 125, 379_900, 'A1'),
  motorcycle(2, 373, 549_900, 'A2', 'used'),
  motorcycle(2, 890, 1_099_900, 'A'),
  { ...motorcycle(1, 50, 199_900, 'AM'), kind: 'scooter', categoryId: 3 },
  bicycle(3, 'M', 'road', 129_900),
  bicycle(3, 'L', 'mountain', 249_900),
  bicycle(4, 'M', 'hybrid', 89_900),
  bicycle(null, 'Kids', 'kids', 24_900),
  bicycle(4, 'L', 'city', null),
  bicycle(3, 'M', 'hybrid', 299_900, 55),
  bicycle(4, 'L', 'mountain', 449_900, 80),
  bicycle(4, 'XL', 'mountain', 520_000, 100),
]

const FIELD_OF: Record<FilterField, keyof P> = {
  categoryId: 'categoryId',
  brandId: 'brandId',
  condition: 'condition',
  listPrice: 'listPrice',
  engineCc: 'engineCc',
  licence: 'licence',
  frameSize: 'frameSize',
  bikeType: 'bikeType',
  batteryRangeMiles: 'batteryRangeMiles',
}

/** What the listing shows for a query: products passing every condition (the rule Payload's where and the SQL apply). */
function listing(query: ListingQuery, products = PRODUCTS): P[] {
  const conditions = listingConditions(query, resolve)
  return products.filter((p) => conditions.every((c) => passes(c.test, p[FIELD_OF[c.field]] as string | number | null)))
}

/** The combinations the listing counts from (features/listing/facet-counts.server.ts), by the facet index. */
function combinations(query: ListingQuery, products = PRODUCTS): readonly Combination[] {
  const index = new FacetIndex(products.map((p, i) => ({ id: i + 1, ...p })))
  return index.combinations([], facetGroupings(query), flagConditions(listingConditions(query, resolve)))
}

const counted = (query: ListingQuery) => countFacets(query, listingConditions(query, resolve), combinations(query))

describe('listingConditions', () => {
  it('gives one condition per chosen filter, each under its facet', () => {
    const q = parseListingQuery({ category: 'motorcycles', brand: ['honda', 'nope'], condition: 'used', min: '1000', price: ['under-250', '10000-plus'], ccMax: '700', engine: '51-125', licence: 'A2', frame: 'M', type: 'road', range: '40' })
    const conditions = listingConditions(q, resolve)
    expect(conditions.map((c) => c.facet)).toEqual(['category', 'brand', 'condition', 'price', 'priceBand', 'engine', 'engineBand', 'licence', 'frame', 'type', 'range'])
    expect(conditions.find((c) => c.facet === 'brand')!.test).toEqual({ kind: 'in', values: [1] })
    expect(conditions.find((c) => c.facet === 'priceBand')).toMatchObject({ buckets: ['under-250', '10000-plus'], test: { kind: 'ranges', ranges: [{ below: 25_000 }, { atLeast: 1_000_000 }] } })
    expect(conditions.find((c) => c.facet === 'range')).toMatchObject({ buckets: ['40', '60', '80', '100'] })
    expect(flagConditions(conditions).map((c) => c.facet)).toEqual(['price', 'engine'])
    expect(listingConditions(EMPTY_LISTING_QUERY, resolve)).toEqual([])
  })

  it('matches nothing for brands or a category that do not exist, never everything', () => {
    const q = parseListingQuery({ brand: 'nope', category: 'nowhere' })
    expect(listing(q)).toEqual([])
  })

  it('never passes a missing value, whatever the test', () => {
    expect(passes({ kind: 'ranges', ranges: [{}] }, null)).toBe(false)
    expect(passes({ kind: 'in', values: [1] }, '1')).toBe(true)
    expect(passes({ kind: 'in', values: [] }, 'x')).toBe(false)
  })
})

describe('countFacets', () => {
  it('counts every option of an unfiltered listing, and what has no value only in "Any"', () => {
    const { counts, presence } = counted(EMPTY_LISTING_QUERY)
    expect(presence.total).toBe(PRODUCTS.length)
    expect(presence.kinds.sort()).toEqual(['bicycle', 'e-bike', 'motorcycle', 'scooter'])
    expect(presence.brandIds.sort()).toEqual([1, 2, 3, 4])
    expect(counts.shown).toBe(14)
    expect(counts.byFacet.brand).toEqual({ '1': 4, '2': 2, '3': 3, '4': 4 })
    expect(counts.byFacet.condition).toEqual({ new: 12, used: 2 })
    expect(counts.any.condition).toBe(14)
    expect(counts.byFacet.licence).toEqual({ A2: 2, A: 2, A1: 1, AM: 1 })
    expect(counts.byFacet.engineBand).toEqual({ 'up-to-50': 1, '51-125': 1, '126-500': 1, '501-750': 1, '751-1000': 1, 'over-1000': 1 })
    // the unpriced city bike is in no price band
    expect(Object.values(counts.byFacet.priceBand).reduce((a, b) => a + b, 0)).toBe(13)
    expect(counts.byFacet.priceBand['under-250']).toBe(1)
    expect(counts.byFacet.range).toEqual({ '20': 3, '40': 3, '60': 2, '80': 2, '100': 1 })
    expect(counts.any.range).toBe(14)
  })

  it('counts a facet without its own choice: a second brand adds, another condition replaces', () => {
    const q = parseListingQuery({ brand: 'honda', condition: 'used' })
    const { counts } = counted(q)
    expect(counts.shown).toBe(1)
    // brands under condition=used: Honda 1, KTM 1; Trek and Cube have no used bikes
    expect(counts.byFacet.brand).toEqual({ '1': 1, '2': 1 })
    // conditions under brand=honda: 3 new, 1 used, 4 in all
    expect(counts.byFacet.condition).toEqual({ new: 3, used: 1 })
    expect(counts.any.condition).toBe(4)
    // other facets apply both: Honda and used leaves the 1084cc bike
    expect(counts.byFacet.engineBand).toEqual({ 'over-1000': 1 })
  })

  it('agrees with the listing itself for every option of every facet, under many combinations of choices', () => {
    const queries = [
      {},
      { brand: ['honda', 'ktm'] },
      { brand: 'cube', frame: ['L', 'XL'] },
      { engine: ['126-500', '501-750'], licence: 'A2' },
      { price: ['1000-3000', '3000-6000'], type: 'mountain' },
      { min: '1000', max: '6000', condition: 'new' },
      { ccMin: '100', ccMax: '900', engine: 'over-1000' },
      { range: '55', brand: 'trek' },
      { range: '40', frame: 'L' },
      { category: 'motorcycles', condition: 'used' },
      { category: 'e-bikes', price: 'under-250' },
    ].map((raw) => parseListingQuery(raw))
    const options: Record<CountedFacet, (q: ListingQuery, v: string) => ListingQuery> = {
      category: (q, v) => ({ ...q, category: v }),
      brand: (q, v) => ({ ...q, brands: [v] }),
      condition: (q, v) => ({ ...q, condition: v as 'new' | 'used' }),
      priceBand: (q, v) => ({ ...q, priceBands: [v as ListingQuery['priceBands'][number]] }),
      engineBand: (q, v) => ({ ...q, engineBands: [v as ListingQuery['engineBands'][number]] }),
      licence: (q, v) => ({ ...q, licences: [v as ListingQuery['licences'][number]] }),
      frame: (q, v) => ({ ...q, frameSizes: [v as ListingQuery['frameSizes'][number]] }),
      type: (q, v) => ({ ...q, bikeTypes: [v as ListingQuery['bikeTypes'][number]] }),
      range: (q, v) => ({ ...q, batteryRangeMinMiles: Number(v) }),
    }
    const values: Record<CountedFacet, string[]> = {
      category: Object.keys(CATEGORY_IDS),
      brand: Object.keys(BRAND_IDS),
      condition: ['new', 'used'],
      priceBand: ['under-250', '250-1000', '1000-3000', '3000-6000', '6000-10000', '10000-plus'],
      engineBand: ['up-to-50', '51-125', '126-500', '501-750', '751-1000', 'over-1000'],
      licence: ['AM', 'A1', 'A2', 'A'],
      frame: ['XS', 'S', 'M', 'L', 'XL', 'Kids'],
      type: ['road', 'mountain', 'hybrid', 'city', 'kids', 'cargo'],
      range: ['20', '40', '60', '80', '100'],
    }
    for (const q of queries) {
      const { counts } = counted(q)
      expect(counts.shown).toBe(listing(q).length)
      for (const facet of Object.keys(values) as CountedFacet[]) {
        for (const v of values[facet]) {
          const expected = listing(options[facet](q, v)).length
          // categories count by id here; their paths are summed by categoryPathCounts
          const got = facet === 'category' ? categoryPathCounts([1, 2, 3, 4, 5].map((id) => ({ id, path: ['motorcycles', 'motorcycles/naked', 'scooters', 'bicycles', 'e-bikes'][id - 1]! })), counts.byFacet.category)[v] ?? 0 : (counts.byFacet[facet][facet === 'brand' ? String(BRAND_IDS[v]) : v] ?? 0)
          expect({ q, facet, v, count: got }).toEqual({ q, facet, v, count: expected })
        }
      }
    }
  })
})

describe('categoryPathCounts', () => {
  it('adds each category to itself and every category above it', () => {
    const categories = [
      { id: 1, path: 'motorcycles' },
      { id: 2, path: 'motorcycles/naked' },
      { id: 3, path: 'motorcycles/naked/retro' },
      { id: 4, path: 'bicycles' },
    ]
    expect(categoryPathCounts(categories, { '1': 1, '2': 2, '3': 4 })).toEqual({ motorcycles: 7, 'motorcycles/naked': 6, 'motorcycles/naked/retro': 4, bicycles: 0 })
  })
})

describe('options', () => {
  it('disable an option that would leave nothing, unless it is chosen (so it can be unticked)', () => {
    expect(facetOption('honda', 'Honda', 0, false).disabled).toBe(true)
    expect(facetOption('honda', 'Honda', 0, true).disabled).toBe(false)
    expect(facetOption('honda', 'Honda', 3, false).disabled).toBe(false)
  })

  it('read as "Honda (12)" on screen and "Honda, 12 bikes" to a screen reader', () => {
    expect(`Honda${countSuffix(12)}`).toBe('Honda (12)')
    expect(`Honda${countSuffix(1234)}`).toBe('Honda (1,234)')
    expect(`Honda${spokenCountSuffix(12, 'bike')}`).toBe('Honda, 12 bikes')
    expect(`Honda${spokenCountSuffix(1, 'product')}`).toBe('Honda, 1 product')
    expect(`Honda${spokenCountSuffix(0, 'bike')}`).toBe('Honda, 0 bikes')
  })
})
