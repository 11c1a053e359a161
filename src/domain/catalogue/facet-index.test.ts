import { describe, expect, it } from 'vitest'
import { FacetIndex, type ProductFacts } from './facet-index'
import { ENGINE_BANDS, PRICE_BANDS } from './listing-bands'
import type { FacetGrouping, FilterCondition } from './listing-facets'

const NONE = { categoryId: null, brandId: null, condition: null, listPrice: null, engineCc: null, licence: null, frameSize: null, bikeType: null, batteryRangeMiles: null, inStock: true, featured: false }
const bike = (id: number, brandId: number, pence: number | null, cc: number | null, licence: string | null = 'A2'): ProductFacts => ({
  ...NONE,
  id,
  kind: 'motorcycle',
  categoryId: 10,
  brandId,
  condition: 'new',
  listPrice: pence,
  engineCc: cc,
  licence,
})
const PRODUCTS: ProductFacts[] = [
  bike(1, 1, 749_900, 649),
  bike(2, 1, 749_900, 649),
  bike(3, 1, 499_900, 125, 'A1'),
  bike(4, 2, null, 890, 'A'),
  bike(5, 2, 549_900, null, null),
  { ...NONE, id: 6, kind: 'bicycle', categoryId: 20, brandId: 3, listPrice: 129_900, frameSize: 'M', bikeType: 'road' },
  { ...NONE, id: 7, kind: 'e-bike', categoryId: 30, brandId: 3, listPrice: 299_900, frameSize: 'L', batteryRangeMiles: 55.0 },
]
const index = new FacetIndex(PRODUCTS)
const BRAND: FacetGrouping = { facet: 'brand', field: 'brandId' }
const PRICE_BAND: FacetGrouping = { facet: 'priceBand', field: 'listPrice', buckets: PRICE_BANDS }
const ENGINE_BAND: FacetGrouping = { facet: 'engineBand', field: 'engineCc', buckets: ENGINE_BANDS }
const UNDER_5000: FilterCondition = { facet: 'price', field: 'listPrice', test: { kind: 'ranges', ranges: [{ atMost: 500_000 }] } }

/** Combinations as sorted "kind brand band flag ×count" lines, to compare whole answers. */
function lines(combinations: ReturnType<FacetIndex['combinations']>): string[] {
  return combinations.map((c) => `${c.kind} ${c.groups.brand} ${c.groups.priceBand} ${c.groups.engineBand} ${JSON.stringify(c.flags)} ×${c.count}`).sort()
}

describe('FacetIndex.combinations', () => {
  it('groups every product on sale by kind, each grouping and each flag, counting each combination once', () => {
    const all = index.combinations([], [BRAND, PRICE_BAND, ENGINE_BAND], [UNDER_5000])
    expect(all.reduce((n, c) => n + c.count, 0)).toBe(PRODUCTS.length)
    expect(lines(all)).toEqual([
      'bicycle 3 1000-3000 null {"price":true} ×1',
      'e-bike 3 1000-3000 null {"price":true} ×1',
      'motorcycle 1 3000-6000 51-125 {"price":true} ×1',
      'motorcycle 1 6000-10000 501-750 {"price":false} ×2',
      'motorcycle 2 3000-6000 null {"price":false} ×1',
      // no price: in no band, and fails every price test (SQL's NULL)
      'motorcycle 2 null 751-1000 {"price":false} ×1',
    ])
  })

  it("gives a bucket grouping the first bucket holding the value, and groups a value by its text", () => {
    const edges = new FacetIndex([
      { ...NONE, id: 1, kind: 'motorcycle', engineCc: 125 },
      { ...NONE, id: 2, kind: 'motorcycle', engineCc: 126 },
      { ...NONE, id: 3, kind: 'e-bike', batteryRangeMiles: 40 },
    ])
    const range: FacetGrouping = { facet: 'range', field: 'batteryRangeMiles', buckets: [{ id: '20', label: '20', interval: { atLeast: 20, below: 40 } }, { id: '40', label: '40', interval: { atLeast: 40 } }] }
    const answer = edges.combinations([], [ENGINE_BAND, range, { facet: 'category', field: 'categoryId' }], [])
    expect(answer.map((c) => `${c.groups.engineBand} ${c.groups.range} ${c.groups.category}`).sort()).toEqual(['126-500 null null', '51-125 null null', 'null 40 null'])
    const texts = new FacetIndex([{ ...NONE, id: 9, kind: 'bicycle', categoryId: 12, frameSize: 'M' }]).combinations([], [{ facet: 'category', field: 'categoryId' }, { facet: 'frame', field: 'frameSize' }], [])
    expect(texts[0]!.groups).toMatchObject({ category: '12', frame: 'M', brand: null })
  })

  it("counts a search's matches only: each once, unknown ids (not on sale) left out", () => {
    const answer = index.combinations([{ field: 'id', values: [1, 2, 2, 6, 999] }], [BRAND], [])
    expect(answer.map((c) => `${c.kind} ${c.groups.brand} ×${c.count}`).sort()).toEqual(['bicycle 3 ×1', 'motorcycle 1 ×2'])
  })

  it('keeps only the scope: kinds, brands and categories, all holding, ids compared as text', () => {
    const count = (scope: Parameters<FacetIndex['combinations']>[0]) => index.combinations(scope, [], []).reduce((n, c) => n + c.count, 0)
    expect(count([{ field: 'kind', values: ['motorcycle', 'scooter'] }])).toBe(5)
    expect(count([{ field: 'kind', values: ['motorcycle'] }, { field: 'brandId', values: ['2'] }])).toBe(2)
    expect(count([{ field: 'categoryId', values: [20, 30] }, { field: 'id', values: [6, 1] }])).toBe(1)
    expect(count([{ field: 'brandId', values: [] }])).toBe(0)
    expect(count([{ field: 'brandId', values: [404] }])).toBe(0)
  })

  it('answers the same when there are too many parts for a numeric key', () => {
    const flags: FilterCondition[] = Array.from({ length: 60 }, (_, i) => ({ ...UNDER_5000, facet: i % 2 ? 'price' : 'engine', test: { kind: 'ranges', ranges: [{ atMost: 500_000 + i }] } }))
    const many = index.combinations([], [BRAND], flags)
    expect(many.map((c) => `${c.kind} ${c.groups.brand} ×${c.count}`).sort()).toEqual(['bicycle 3 ×1', 'e-bike 3 ×1', 'motorcycle 1 ×1', 'motorcycle 1 ×2', 'motorcycle 2 ×2'])
  })

  it('answers nothing for an empty catalogue', () => {
    expect(new FacetIndex([]).combinations([], [BRAND], [UNDER_5000])).toEqual([])
  })
})

describe('FacetIndex.filteredIds', () => {
  it('keeps the products in the scope that pass every condition, in the index order', () => {
    const a2: FilterCondition = { facet: 'licence', field: 'licence', test: { kind: 'in', values: ['A2'] } }
    expect(index.filteredIds([{ field: 'id', values: [5, 2, 1, 3] }], [a2])).toEqual([1, 2])
    expect(index.filteredIds([], [UNDER_5000])).toEqual([3, 6, 7])
    expect(index.filteredIds([{ field: 'kind', values: ['motorcycle'] }], [UNDER_5000, a2])).toEqual([])
    expect(index.filteredIds([{ field: 'brandId', values: [2] }], [])).toEqual([4, 5])
    expect(index.filteredCount([{ field: 'id', values: [5, 2, 1, 3] }], [a2])).toBe(2)
    expect(index.filteredCount([], [UNDER_5000])).toBe(3)
    expect(index.filteredCount([{ field: 'brandId', values: [2] }], [])).toBe(2)
  })

  it('answers a scope it has kept the same way, whatever order its parts and values come in, and never for another', () => {
    const kept = new FacetIndex(PRODUCTS)
    const bikesOfBrand2 = [{ field: 'kind' as const, values: ['motorcycle', 'bicycle'] }, { field: 'brandId' as const, values: [2] }]
    const again = [{ field: 'brandId' as const, values: [2] }, { field: 'kind' as const, values: ['bicycle', 'motorcycle'] }]
    expect(kept.filteredIds(bikesOfBrand2, [])).toEqual([4, 5])
    expect(kept.filteredIds(again, [])).toEqual([4, 5])
    expect(kept.filteredIds([{ field: 'kind', values: ['motorcycle', 'bicycle'] }, { field: 'brandId', values: [3] }], [])).toEqual([6])
    expect(kept.filteredCount(again, [UNDER_5000])).toBe(0)
    // the kept positions are not changed by what a caller does with its answer
    kept.filteredIds(again, []).push(99)
    expect(kept.filteredIds(bikesOfBrand2, [])).toEqual([4, 5])
    // forty other scopes later it is worked out again, with the same answer
    for (let id = 100; id < 140; id++) kept.filteredCount([{ field: 'brandId', values: [id] }], [UNDER_5000])
    expect(kept.filteredIds(bikesOfBrand2, [])).toEqual([4, 5])
    // combinations counted for a scope: kept for the same scope, groupings and flags, counted afresh for others
    const fresh = (scope: Parameters<FacetIndex['combinations']>[0], flags: FilterCondition[]) => lines(new FacetIndex(PRODUCTS).combinations(scope, [BRAND, PRICE_BAND], flags))
    expect(lines(kept.combinations(bikesOfBrand2, [BRAND, PRICE_BAND], [UNDER_5000]))).toEqual(fresh(bikesOfBrand2, [UNDER_5000]))
    expect(lines(kept.combinations(again, [BRAND, PRICE_BAND], [UNDER_5000]))).toEqual(fresh(bikesOfBrand2, [UNDER_5000]))
    expect(lines(kept.combinations(again, [BRAND, PRICE_BAND], []))).toEqual(fresh(again, []))
    expect(fresh(again, [])).not.toEqual(fresh(again, [UNDER_5000]))
    // a total for a scope and filters likewise
    const a1: FilterCondition = { facet: 'licence', field: 'licence', test: { kind: 'in', values: ['A1'] } }
    const motorcycles = [{ field: 'kind' as const, values: ['motorcycle'] }]
    expect([kept.filteredCount(motorcycles, [UNDER_5000]), kept.filteredCount(motorcycles, [UNDER_5000]), kept.filteredCount(motorcycles, [a1]), kept.filteredCount(motorcycles, [UNDER_5000, a1])]).toEqual([1, 1, 1, 1])
    expect(kept.filteredCount(motorcycles, [{ ...a1, test: { kind: 'in', values: ['A'] } }])).toBe(1)
    expect(kept.filteredCount(motorcycles, [{ ...a1, test: { kind: 'in', values: ['A2'] } }])).toBe(2)
  })
})

describe('FacetIndex.scopeSize', () => {
  it('counts the products a scope holds: a brand, categories, every product', () => {
    expect(index.scopeSize([{ field: 'brandId', values: [1] }])).toBe(3)
    expect(index.scopeSize([{ field: 'categoryId', values: [20, 30] }])).toBe(2)
    expect(index.scopeSize([{ field: 'categoryId', values: [99] }])).toBe(0)
    expect(index.scopeSize([{ field: 'categoryId', values: [20, 30, 30] }])).toBe(2)
    expect(index.scopeSize([{ field: 'kind', values: ['motorcycle'] }, { field: 'brandId', values: [2] }])).toBe(2)
    expect(index.scopeSize([{ field: 'id', values: [1, 4, 99] }])).toBe(2)
    expect(index.scopeSize([])).toBe(PRODUCTS.length)
  })
})

describe('FacetIndex.matchFacts', () => {
  it('answers what search weighs a match by, and null for a product not on sale', () => {
    const marked = new FacetIndex([{ ...bike(1, 1, 749_900, 649), inStock: false, featured: true }, { ...NONE, id: 2, kind: 'accessory', listPrice: 4_999 }])
    expect(marked.matchFacts(1)).toEqual({ id: 1, inStock: false, featured: true, brandId: 1, categoryId: 10, listPrice: 749_900, licence: 'A2' })
    expect(marked.matchFacts(2)).toEqual({ id: 2, inStock: true, featured: false, brandId: null, categoryId: null, listPrice: 4_999, licence: null })
    expect(marked.matchFacts(3)).toBeNull()
  })
})
