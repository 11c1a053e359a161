// A listing's filters as conditions on product fields, each belonging to one facet, and the counts a facet's
// options show. The listing applies every condition; a facet's counts apply every condition but its own (the usual
// faceting rule), so ticking a second brand is counted as "these brands" and picking another condition is counted
// as "instead of this one". The database reads (Payload's where, the grouped SQL) are built from these conditions in
// features/listing, so the listing and its counts cannot disagree.
//
// How counts are made: the database groups the scope's products once by every facet's value at the same time (its
// category, brand, condition, price band, ...; a typed range becomes a 0/1 flag). There are far fewer such
// combinations than products, and every facet's counts follow from them here, in plain code.
import { countLabel, type ListingQuery } from './listing-query'
import { BATTERY_RANGE_STEPS, ENGINE_BANDS, inInterval, PRICE_BANDS, thresholdBuckets, thresholdChoices, thresholdCounts, type Band, type Interval } from './listing-bands'
import { numberText } from '../../lib/text/number-text'

/** The facets a listing filters by. `price` and `engine` are the typed from/to ranges; the bands are facets of their own. */
export type FacetKey = 'category' | 'brand' | 'condition' | 'price' | 'priceBand' | 'engine' | 'engineBand' | 'licence' | 'frame' | 'type' | 'range'

/** Facets whose options are counted. The typed ranges (price, engine) have no options to count. */
export type CountedFacet = Exclude<FacetKey, 'price' | 'engine'>
export const COUNTED_FACETS: readonly CountedFacet[] = ['category', 'brand', 'condition', 'priceBand', 'engineBand', 'licence', 'frame', 'type', 'range']

/** Product fields a listing filters on (features/listing maps each to a column and a Payload path). */
export type FilterField = 'categoryId' | 'brandId' | 'condition' | 'listPrice' | 'engineCc' | 'licence' | 'frameSize' | 'bikeType' | 'batteryRangeMiles'

export type FilterTest =
  /** the field is one of these values; none at all matches nothing */
  | { kind: 'in'; values: readonly (string | number)[] }
  /** the field lies in any of these intervals */
  | { kind: 'ranges'; ranges: readonly Interval[] }

export interface FilterCondition {
  facet: FacetKey
  field: FilterField
  test: FilterTest
  /** for a facet counted in buckets (bands, range steps): the buckets this condition keeps */
  buckets?: readonly string[]
}

export interface IdResolver {
  /** ids of the brands with these slugs (unknown slugs give nothing) */
  brandIds(slugs: string[]): number[]
  /** ids of the category at this path and every category below it */
  categoryIds(path: string): number[]
}

function interval(atLeast: number | null, atMost: number | null): Interval {
  const i: Interval = {}
  if (atLeast !== null) i.atLeast = atLeast
  if (atMost !== null) i.atMost = atMost
  return i
}

function bandCondition(facet: 'priceBand' | 'engineBand', field: FilterField, bands: readonly Band[], chosen: readonly string[]): FilterCondition {
  const kept = bands.filter((b) => chosen.includes(b.id))
  return { facet, field, test: { kind: 'ranges', ranges: kept.map((b) => b.interval) }, buckets: kept.map((b) => b.id) }
}

/** Every condition a listing's query sets, in a fixed order. */
export function listingConditions(query: ListingQuery, resolve: IdResolver): FilterCondition[] {
  const out: FilterCondition[] = []
  if (query.category) out.push({ facet: 'category', field: 'categoryId', test: { kind: 'in', values: resolve.categoryIds(query.category) } })
  if (query.brands.length) out.push({ facet: 'brand', field: 'brandId', test: { kind: 'in', values: resolve.brandIds(query.brands) } })
  if (query.condition) out.push({ facet: 'condition', field: 'condition', test: { kind: 'in', values: [query.condition] } })
  if (query.minPricePence !== null || query.maxPricePence !== null) {
    out.push({ facet: 'price', field: 'listPrice', test: { kind: 'ranges', ranges: [interval(query.minPricePence, query.maxPricePence)] } })
  }
  if (query.priceBands.length) out.push(bandCondition('priceBand', 'listPrice', PRICE_BANDS, query.priceBands))
  if (query.engineCcMin !== null || query.engineCcMax !== null) {
    out.push({ facet: 'engine', field: 'engineCc', test: { kind: 'ranges', ranges: [interval(query.engineCcMin, query.engineCcMax)] } })
  }
  if (query.engineBands.length) out.push(bandCondition('engineBand', 'engineCc', ENGINE_BANDS, query.engineBands))
  if (query.licences.length) out.push({ facet: 'licence', field: 'licence', test: { kind: 'in', values: query.licences } })
  if (query.frameSizes.length) out.push({ facet: 'frame', field: 'frameSize', test: { kind: 'in', values: query.frameSizes } })
  if (query.bikeTypes.length) out.push({ facet: 'type', field: 'bikeType', test: { kind: 'in', values: query.bikeTypes } })
  const range = query.batteryRangeMinMiles
  if (range !== null) {
    out.push({
      facet: 'range',
      field: 'batteryRangeMiles',
      test: { kind: 'ranges', ranges: [{ atLeast: range }] },
      buckets: rangeChoices(query).filter((m) => m >= range).map(String),
    })
  }
  return out
}

/** Whether one value passes a test (the rule the SQL and Payload's where express; NULL never passes). */
export function passes(test: FilterTest, value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false
  if (test.kind === 'in') return test.values.some((v) => String(v) === String(value))
  const n = typeof value === 'number' ? value : Number(value)
  return test.ranges.some((r) => inInterval(n, r))
}

/* ------------------------------------------------------------------------------------------------ */
/* Counting                                                                                          */

/** How one facet's products are grouped: by the field's own value, or into buckets (bands) of it. */
export interface FacetGrouping {
  facet: CountedFacet
  field: FilterField
  /** absent: one group per value of the field */
  buckets?: readonly Band[]
}

/** The e-bike range options: the fixed steps plus a chosen value that is not one of them. */
export function rangeChoices(query: ListingQuery): number[] {
  return thresholdChoices(BATTERY_RANGE_STEPS, query.batteryRangeMinMiles)
}

/** The groupings to count for a query: the range steps include a chosen value that is not one of them. */
export function facetGroupings(query: ListingQuery): FacetGrouping[] {
  return [
    { facet: 'category', field: 'categoryId' },
    { facet: 'brand', field: 'brandId' },
    { facet: 'condition', field: 'condition' },
    { facet: 'priceBand', field: 'listPrice', buckets: PRICE_BANDS },
    { facet: 'engineBand', field: 'engineCc', buckets: ENGINE_BANDS },
    { facet: 'licence', field: 'licence' },
    { facet: 'frame', field: 'frameSize' },
    { facet: 'type', field: 'bikeType' },
    { facet: 'range', field: 'batteryRangeMiles', buckets: thresholdBuckets(rangeChoices(query)) },
  ]
}

const isCounted = (facet: FacetKey): facet is CountedFacet => (COUNTED_FACETS as readonly string[]).includes(facet)

/** Conditions the database answers as a 0/1 flag per combination: those on a facet that is not grouped (the typed ranges). */
export function flagConditions(conditions: readonly FilterCondition[]): FilterCondition[] {
  return conditions.filter((c) => !isCounted(c.facet))
}

/** One combination as the database groups it: the products on sale in the scope sharing every facet's value. */
export interface Combination {
  readonly kind: string | null
  /** per counted facet: the field's value (category and brand: the id as text), or its bucket's id; null when the product has none */
  readonly groups: Readonly<Record<CountedFacet, string | null>>
  /** per flag condition's facet: whether these products pass it */
  readonly flags: Readonly<Partial<Record<FacetKey, boolean>>>
  readonly count: number
}

/** Counts per facet option, ready for the form. */
export interface FacetCounts {
  /** group value → products, per facet (category: category id; brand: brand id; range: "at least" threshold) */
  byFacet: Record<CountedFacet, Record<string, number>>
  /** products the listing would show with nothing chosen in this facet (its "Any" option) */
  any: Record<CountedFacet, number>
  /** products the listing shows with everything chosen */
  shown: number
}

export interface ScopePresence {
  /** products on sale in the scope, whatever is chosen */
  total: number
  kinds: string[]
  brandIds: number[]
  categoryIds: number[]
}

function accepts(c: FilterCondition, combination: Combination): boolean {
  if (!isCounted(c.facet)) return combination.flags[c.facet] === true
  const value = combination.groups[c.facet]
  if (c.buckets) return value !== null && c.buckets.includes(value)
  return passes(c.test, value)
}

/**
 * Every facet's counts from the combinations: a combination counts for a facet's option when it passes every
 * condition but that facet's own. A product without a value for a facet counts in its "Any" total only; range
 * buckets add up into "at least" counts.
 */
export function countFacets(query: ListingQuery, conditions: readonly FilterCondition[], combinations: readonly Combination[]): { counts: FacetCounts; presence: ScopePresence } {
  const byFacet = Object.fromEntries(COUNTED_FACETS.map((f) => [f, {}])) as Record<CountedFacet, Record<string, number>>
  const any = Object.fromEntries(COUNTED_FACETS.map((f) => [f, 0])) as Record<CountedFacet, number>
  let shown = 0
  const kinds = new Set<string>()
  const brandIds = new Set<number>()
  const categoryIds = new Set<number>()
  let total = 0
  for (const combination of combinations) {
    total += combination.count
    if (combination.kind !== null) kinds.add(combination.kind)
    if (combination.groups.brand !== null) brandIds.add(Number(combination.groups.brand))
    if (combination.groups.category !== null) categoryIds.add(Number(combination.groups.category))
    const failed = conditions.filter((c) => !accepts(c, combination))
    if (failed.length === 0) shown += combination.count
    if (failed.length > 1) continue
    for (const facet of COUNTED_FACETS) {
      // counted for this facet when nothing failed, or only this facet's own condition did
      if (failed.length === 1 && failed[0]!.facet !== facet) continue
      any[facet] += combination.count
      const value = combination.groups[facet]
      if (value !== null) byFacet[facet][value] = (byFacet[facet][value] ?? 0) + combination.count
    }
  }
  byFacet.range = thresholdCounts(rangeChoices(query), byFacet.range)
  return {
    counts: { byFacet, any, shown },
    presence: { total, kinds: [...kinds], brandIds: [...brandIds], categoryIds: [...categoryIds] },
  }
}

/**
 * Counts per category path from counts per category id: a category counts its own products and those of every
 * category below it (a product sits in exactly one category, so nothing is counted twice).
 */
export function categoryPathCounts(categories: readonly { id: number; path: string }[], byId: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const c of categories) {
    const n = byId[String(c.id)] ?? 0
    const segments = c.path.split('/')
    for (let i = 1; i <= segments.length; i++) {
      const path = segments.slice(0, i).join('/')
      out[path] = (out[path] ?? 0) + n
    }
  }
  return out
}

/* ------------------------------------------------------------------------------------------------ */
/* Options                                                                                           */

export interface FacetOption {
  value: string
  label: string
  count: number
  chosen: boolean
  /** nothing would be left: shown, but not offered. A chosen option is never disabled, so it can be unticked. */
  disabled: boolean
}

export function facetOption(value: string, label: string, count: number, chosen: boolean): FacetOption {
  return { value, label, count, chosen, disabled: count === 0 && !chosen }
}

/** " (12)": what an option shows after its label. */
export function countSuffix(count: number): string {
  return ` (${numberText(count)})`
}

/** ", 12 bikes": what a screen reader hears after an option's label ("Honda, 12 bikes"). */
export function spokenCountSuffix(count: number, noun: string): string {
  return `, ${countLabel(count, noun)}`
}
