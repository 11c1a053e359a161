import { describe, expect, it } from 'vitest'
import { appliedValuePence, estimateTradeIn, FLOOR_PENCE, type TradeInInput } from './trade-in'

const now = new Date('2026-06-01T12:00:00Z')
const base: TradeInInput = { make: 'Honda', year: 2022, mileage: 16_000, condition: 'good', now }

function range(input: Partial<TradeInInput>) {
  const outcome = estimateTradeIn({ ...base, ...input })
  if (!outcome.ok) throw new Error(outcome.error)
  return outcome.range
}

describe('estimateTradeIn', () => {
  it('works out a range from make, age, mileage and condition, in whole £10s', () => {
    // Honda £8,000 new to the trade; 4 years: 0.8 × 0.9³ = 0.5832, so £4,665.60; 16,000 miles is the expected
    // 4 × 4,000; ±8% gives £4,292.35 and £5,038.85, rounded to £4,290 and £5,040.
    const r = range({})
    expect(r).toEqual({ lowPence: 429_000, highPence: 504_000 })
    expect(r.lowPence % 1000).toBe(0)
    expect(r.highPence % 1000).toBe(0)
  })

  it('values an older bike, more miles and a worse condition lower', () => {
    const r = range({})
    expect(range({ year: 2018 }).lowPence).toBeLessThan(r.lowPence)
    expect(range({ mileage: 30_000 }).lowPence).toBeLessThan(r.lowPence)
    expect(range({ mileage: 4_000 }).lowPence).toBeGreaterThan(r.lowPence)
    expect(range({ condition: 'fair' }).lowPence).toBeLessThan(r.lowPence)
    expect(range({ condition: 'excellent' }).lowPence).toBeGreaterThan(r.lowPence)
  })

  it('knows makes and falls back for others, whatever the spelling', () => {
    expect(range({ make: ' ducati ' }).lowPence).toBeGreaterThan(range({ make: 'Honda' }).lowPence)
    expect(range({ make: 'CFMOTO' })).toEqual(range({ make: 'CF Moto' }))
    expect(range({ make: 'Unknown Works' }).lowPence).toBeGreaterThan(0)
  })

  it('never goes below the floor', () => {
    expect(range({ year: 1975, mileage: 200_000, condition: 'poor' })).toEqual({ lowPence: FLOOR_PENCE, highPence: 27_000 })
  })

  it('refuses a year from the future, bad mileage and no make', () => {
    expect(estimateTradeIn({ ...base, year: 2027 }).ok).toBe(false)
    expect(estimateTradeIn({ ...base, mileage: -1 }).ok).toBe(false)
    expect(estimateTradeIn({ ...base, make: '  ' }).ok).toBe(false)
  })

  it('applies the bottom of the range to a quote', () => {
    expect(appliedValuePence({ lowPence: 100_000, highPence: 120_000 })).toBe(100_000)
  })
})
