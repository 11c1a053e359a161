// The fixed choices a listing offers for numbers: price bands, engine size bands and e-bike range thresholds.
// Each is an interval on one product field, so the listing's filter and the facet counts read the same bounds.

/** An interval on a number; a bound left out is open. */
export interface Interval {
  atLeast?: number
  above?: number
  below?: number
  atMost?: number
}

export interface Band<Id extends string = string> {
  id: Id
  label: string
  interval: Interval
}

export function inInterval(value: number | null | undefined, i: Interval): boolean {
  if (value === null || value === undefined || !Number.isFinite(value)) return false
  if (i.atLeast !== undefined && !(value >= i.atLeast)) return false
  if (i.above !== undefined && !(value > i.above)) return false
  if (i.below !== undefined && !(value < i.below)) return false
  if (i.atMost !== undefined && !(value <= i.atMost)) return false
  return true
}

/** Price bands on the price a customer pays (list price, pence). Each band holds its lower bound: £1,000 is in "£1,000 to £3,000". */
export const PRICE_BANDS = [
  { id: 'under-250', label: 'Under £250', interval: { below: 25_000 } },
  { id: '250-1000', label: '£250 to £1,000', interval: { atLeast: 25_000, below: 100_000 } },
  { id: '1000-3000', label: '£1,000 to £3,000', interval: { atLeast: 100_000, below: 300_000 } },
  { id: '3000-6000', label: '£3,000 to £6,000', interval: { atLeast: 300_000, below: 600_000 } },
  { id: '6000-10000', label: '£6,000 to £10,000', interval: { atLeast: 600_000, below: 1_000_000 } },
  { id: '10000-plus', label: '£10,000 and over', interval: { atLeast: 1_000_000 } },
] as const satisfies readonly Band[]
export type PriceBandId = (typeof PRICE_BANDS)[number]['id']
export const PRICE_BAND_IDS = PRICE_BANDS.map((b) => b.id) as PriceBandId[]

/** Engine size bands (cc), along the UK licence steps: mopeds (AM), learner 125s (A1), then A2 and full-licence sizes. */
export const ENGINE_BANDS = [
  { id: 'up-to-50', label: 'Up to 50cc', interval: { atMost: 50 } },
  { id: '51-125', label: '51 to 125cc', interval: { above: 50, atMost: 125 } },
  { id: '126-500', label: '126 to 500cc', interval: { above: 125, atMost: 500 } },
  { id: '501-750', label: '501 to 750cc', interval: { above: 500, atMost: 750 } },
  { id: '751-1000', label: '751 to 1,000cc', interval: { above: 750, atMost: 1000 } },
  { id: 'over-1000', label: 'Over 1,000cc', interval: { above: 1000 } },
] as const satisfies readonly Band[]
export type EngineBandId = (typeof ENGINE_BANDS)[number]['id']
export const ENGINE_BAND_IDS = ENGINE_BANDS.map((b) => b.id) as EngineBandId[]

/** The e-bike range choices (miles): "at least" thresholds, so a 75-mile bike counts under 20, 40 and 60. */
export const BATTERY_RANGE_STEPS = [20, 40, 60, 80, 100] as const

/**
 * The thresholds as non-overlapping buckets (20 to under 40, ..., 100 and over), so one GROUP BY can count them;
 * `thresholdCounts` adds them back up.
 */
export function thresholdBuckets(steps: readonly number[]): Band[] {
  const sorted = [...new Set(steps)].sort((a, b) => a - b)
  return sorted.map((s, i) => ({
    id: String(s),
    label: `${s}`,
    interval: i + 1 < sorted.length ? { atLeast: s, below: sorted[i + 1]! } : { atLeast: s },
  }))
}

/** "At least N" counts from bucket counts: each threshold holds its own bucket and every bucket above it. */
export function thresholdCounts(steps: readonly number[], buckets: Record<string, number>): Record<string, number> {
  const sorted = [...new Set(steps)].sort((a, b) => a - b)
  const out: Record<string, number> = {}
  let running = 0
  for (let i = sorted.length - 1; i >= 0; i--) {
    running += buckets[String(sorted[i])] ?? 0
    out[String(sorted[i])] = running
  }
  return out
}

/** The choices of a threshold filter: the fixed steps, plus the value chosen when it is not one of them (an old or typed link). */
export function thresholdChoices(steps: readonly number[], chosen: number | null): number[] {
  const all = new Set<number>(steps)
  if (chosen !== null) all.add(chosen)
  return [...all].sort((a, b) => a - b)
}
