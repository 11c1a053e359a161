import { describe, expect, it } from 'vitest'
import type { MatchFacts } from '../catalogue/facet-index'
import { passesWordFilters, summariseMatches, weighMatches, type Hit } from './rank'

const facts = (id: number, more: Partial<MatchFacts> = {}): MatchFacts => ({ id, inStock: true, featured: false, brandId: null, categoryId: null, listPrice: null, licence: null, ...more })
const NO_FILTERS = { minPricePence: null, maxPricePence: null, licences: [] }

describe('weighMatches', () => {
  const known = new Map([1, 2, 3, 4, 5].map((id) => [id, facts(id, { inStock: id !== 2, featured: id === 5 })]))
  const factsOf = (id: number) => known.get(id) ?? null

  it('orders by relevance, a sold-out match counting half, and leaves out what is not on sale', () => {
    const hits: Hit[] = [
      { id: 2, relevance: 10 }, // sold out: 5
      { id: 1, relevance: 6 },
      { id: 9, relevance: 99 }, // not on sale
      { id: 3, relevance: 4 },
    ]
    expect(weighMatches(hits, factsOf).map((m) => m.id)).toEqual([1, 2, 3])
  })

  it('puts a featured match first among equals, then the lower id, whatever order the hits came in', () => {
    const hits: Hit[] = [
      { id: 4, relevance: 2 },
      { id: 3, relevance: 2 },
      { id: 5, relevance: 2 },
      { id: 2, relevance: 4 }, // sold out: 2
    ]
    expect(weighMatches(hits, factsOf).map((m) => m.id)).toEqual([5, 2, 3, 4])
  })
})

describe('summariseMatches', () => {
  const matches = [
    facts(1, { brandId: 10, categoryId: 100, listPrice: 400_000, licence: 'A2' }),
    facts(2, { brandId: 20, categoryId: 100, listPrice: 900_000, licence: 'A' }),
    facts(3, { brandId: 20, categoryId: 200, listPrice: 450_000, licence: 'A2', inStock: false }),
    facts(4, { brandId: 10, categoryId: null, listPrice: null, licence: 'A2' }),
    facts(5, { brandId: 30, categoryId: 200, listPrice: 300_000, licence: null }),
  ]

  it('keeps the best that pass the filters, and the groups holding most, equal counts in the order of their best match', () => {
    expect(summariseMatches(matches, NO_FILTERS, 2, 2)).toEqual({
      top: [
        { id: 1, inStock: true },
        { id: 2, inStock: true },
      ],
      brands: [
        { id: 10, count: 2 },
        { id: 20, count: 2 },
      ],
      categories: [
        { id: 100, count: 2 },
        { id: 200, count: 2 },
      ],
    })
  })

  it('applies the words’ price and licence to matches without the fact as failing', () => {
    const a2Under5000 = { minPricePence: null, maxPricePence: 500_000, licences: ['A2' as const] }
    expect(summariseMatches(matches, a2Under5000, 6, 4)).toEqual({
      top: [
        { id: 1, inStock: true },
        { id: 3, inStock: false },
      ],
      brands: [
        { id: 10, count: 1 },
        { id: 20, count: 1 },
      ],
      categories: [
        { id: 100, count: 1 },
        { id: 200, count: 1 },
      ],
    })
    expect(passesWordFilters(matches[3]!, { ...NO_FILTERS, minPricePence: 1 })).toBe(false)
    expect(passesWordFilters(matches[4]!, { ...NO_FILTERS, licences: ['A2'] })).toBe(false)
    expect(passesWordFilters(matches[4]!, { ...NO_FILTERS, minPricePence: 300_000, maxPricePence: 300_000 })).toBe(true)
  })

  it('answers nothing for no matches', () => {
    expect(summariseMatches([], NO_FILTERS, 6, 4)).toEqual({ top: [], brands: [], categories: [] })
  })
})
