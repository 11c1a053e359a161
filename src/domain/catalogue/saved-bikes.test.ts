import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_SAVED_BIKES, mergeSavedSlugs, savedBikeChange, type SavedBikeState } from './saved-bikes'

const state = (over: Partial<SavedBikeState> = {}): SavedBikeState => ({ pricePence: 500000, available: 1, onSale: true, ...over })

describe('savedBikeChange', () => {
  it('alerts on a lower price of a bike that can be bought', () => {
    expect(savedBikeChange(state(), state({ pricePence: 450000 }), 'v2')).toEqual({ kind: 'price-drop', key: 'price-drop:450000:v2' })
  })

  it('does not alert when the price is saved again unchanged, rises, or appears after none', () => {
    expect(savedBikeChange(state(), state(), 'v2')).toBeNull()
    expect(savedBikeChange(state(), state({ pricePence: 550000 }), 'v2')).toBeNull()
    expect(savedBikeChange(state({ pricePence: null }), state(), 'v2')).toBeNull()
  })

  it('alerts when a sold-out bike is back in stock, or comes back on sale with stock', () => {
    expect(savedBikeChange(state({ available: 0 }), state({ available: 2 }), 'v3')).toEqual({ kind: 'back-in-stock', key: 'back-in-stock:v3' })
    expect(savedBikeChange(state({ onSale: false }), state(), 'v3')).toMatchObject({ kind: 'back-in-stock' })
  })

  it('never alerts about a bike off sale, or a price drop on a bike nobody can buy', () => {
    expect(savedBikeChange(state(), state({ pricePence: 1, onSale: false }), 'v')).toBeNull()
    expect(savedBikeChange(state({ available: 0 }), state({ available: 0, pricePence: 1 }), 'v')).toBeNull()
  })

  it('is deterministic: the same change gives the same key', () => {
    fc.assert(
      fc.property(fc.option(fc.nat()), fc.option(fc.nat()), fc.integer({ min: -1, max: 3 }), fc.integer({ min: -1, max: 3 }), (p1, p2, a1, a2) => {
        const a = savedBikeChange(state({ pricePence: p1, available: a1 }), state({ pricePence: p2, available: a2 }), 'v')
        const b = savedBikeChange(state({ pricePence: p1, available: a1 }), state({ pricePence: p2, available: a2 }), 'v')
        return JSON.stringify(a) === JSON.stringify(b) && (a === null || a2 > 0)
      }),
    )
  })
})

describe('mergeSavedSlugs', () => {
  it("keeps the account's bikes first, adds the guest's new ones once, and stops at the cap", () => {
    expect(mergeSavedSlugs(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c'])
    const many = Array.from({ length: 60 }, (_, i) => `bike-${i}`)
    expect(mergeSavedSlugs([], many)).toHaveLength(MAX_SAVED_BIKES)
  })
})
