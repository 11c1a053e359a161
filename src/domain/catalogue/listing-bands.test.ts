import { describe, expect, it } from 'vitest'
import { BATTERY_RANGE_STEPS, ENGINE_BANDS, inInterval, PRICE_BANDS, thresholdBuckets, thresholdChoices, thresholdCounts, type Band } from './listing-bands'

/** The band a value falls in, or none. */
const bandOf = (bands: readonly Band[], value: number) => bands.filter((b) => inInterval(value, b.interval)).map((b) => b.id)

describe('intervals', () => {
  it('honours each kind of bound and never passes a missing value', () => {
    expect(inInterval(5, { atLeast: 5, below: 6 })).toBe(true)
    expect(inInterval(6, { atLeast: 5, below: 6 })).toBe(false)
    expect(inInterval(5, { above: 5 })).toBe(false)
    expect(inInterval(5, { atMost: 5 })).toBe(true)
    expect(inInterval(0, {})).toBe(true)
    expect(inInterval(null, {})).toBe(false)
    expect(inInterval(undefined, { atLeast: 0 })).toBe(false)
    expect(inInterval(Number.NaN, {})).toBe(false)
  })
})

describe('price bands', () => {
  it('put every price in exactly one band, each band holding its lower bound', () => {
    for (const pence of [0, 1, 24_999, 25_000, 99_999, 100_000, 299_999, 300_000, 599_999, 600_000, 999_999, 1_000_000, 100_000_000]) {
      expect(bandOf(PRICE_BANDS, pence)).toHaveLength(1)
    }
    expect(bandOf(PRICE_BANDS, 24_999)).toEqual(['under-250'])
    expect(bandOf(PRICE_BANDS, 25_000)).toEqual(['250-1000'])
    expect(bandOf(PRICE_BANDS, 749_900)).toEqual(['6000-10000'])
    expect(bandOf(PRICE_BANDS, 1_000_000)).toEqual(['10000-plus'])
  })
})

describe('engine size bands', () => {
  it('follow the licence steps: 50cc mopeds, 125cc learner bikes, then the bigger sizes', () => {
    expect(bandOf(ENGINE_BANDS, 49)).toEqual(['up-to-50'])
    expect(bandOf(ENGINE_BANDS, 50)).toEqual(['up-to-50'])
    expect(bandOf(ENGINE_BANDS, 124.7)).toEqual(['51-125'])
    expect(bandOf(ENGINE_BANDS, 125)).toEqual(['51-125'])
    expect(bandOf(ENGINE_BANDS, 126)).toEqual(['126-500'])
    expect(bandOf(ENGINE_BANDS, 649)).toEqual(['501-750'])
    expect(bandOf(ENGINE_BANDS, 1000)).toEqual(['751-1000'])
    expect(bandOf(ENGINE_BANDS, 1084)).toEqual(['over-1000'])
    for (let cc = 0; cc <= 3000; cc += 7) expect(bandOf(ENGINE_BANDS, cc)).toHaveLength(1)
  })
})

describe('range thresholds', () => {
  it('split the steps into buckets that do not overlap', () => {
    const buckets = thresholdBuckets(BATTERY_RANGE_STEPS)
    expect(buckets.map((b) => b.id)).toEqual(['20', '40', '60', '80', '100'])
    expect(bandOf(buckets, 19)).toEqual([])
    expect(bandOf(buckets, 20)).toEqual(['20'])
    expect(bandOf(buckets, 59)).toEqual(['40'])
    expect(bandOf(buckets, 250)).toEqual(['100'])
  })

  it('add buckets back up into "at least" counts', () => {
    expect(thresholdCounts([20, 40, 60], { '20': 3, '40': 2, '60': 1 })).toEqual({ '20': 6, '40': 3, '60': 1 })
    expect(thresholdCounts([20, 40, 60], { '40': 2 })).toEqual({ '20': 2, '40': 2, '60': 0 })
  })

  it('offer a chosen value that is not a step beside the steps, so an old link keeps its choice', () => {
    expect(thresholdChoices([20, 40, 60], null)).toEqual([20, 40, 60])
    expect(thresholdChoices([20, 40, 60], 35)).toEqual([20, 35, 40, 60])
    expect(thresholdChoices([20, 40, 60], 40)).toEqual([20, 40, 60])
  })
})
