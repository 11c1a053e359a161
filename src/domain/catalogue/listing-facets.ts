// A listing's filters as conditions on product fields, each belonging to one facet, and the counts a facet's
// options show. The listing applies every condition; a facet's counts apply every condition but its own
// (the usual faceting rule), so ticking a second brand is counted as "these brands" and picking another
// condition is counted as "instead of this one". The database reads (Payload's where, grouped SQL) are built
// from these conditions in features/listing, so the listing and its counts cannot disagree.
import { countLabel, type ListingQuery } from './listing-query'
import { BATTERY_RANGE_STEPS, ENGINE_BANDS, inInterval, PRICE_BANDS, thresholdBuckets, thresholdChoices, thresholdCounts, type Band, type Interval } from './listing-bands'

/** The facets a listing filters by. `price` and `engine` are the typed from/to ranges; the bands are facets of their own. */
export type FacetKey = 'category' | 'brand' | 'condition' | 'price' | 'priceBand' | 'engine' | 'engineBand' | 'licence' | 'frame' | 'type' | 'range'

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

/** Every condition a listing's query sets, in a fixed order. */
export function listingConditions(query: ListingQuery, resolve: IdResolver): FilterCondition[] {
  const out: FilterCondition[] = []
  if (query.category) out.push({ facet: 'category', field: 'categoryId', test: { kind: 'in', values: resolve.categoryIds(query.category) } })
  if (query.brands.length) out.push({ facet: 'brand', field: 'brandId', test: { kind: 'in', values: resolve.brandIds(query.brands) } })
  if (query.condition) out.push({ facet: 'condition', field: 'condition', test: { kind: 'in', values: [query.condition] } })
  if (query.minPricePence !== null || query.maxPricePence !== null) {
    out.push({ facet: 'price', field: 'listPrice', test: { kind: 'ranges', ranges: [interval(query.minPricePence, query.maxPricePence)] } })
  }
  if (query.priceBands.length) {
    out.push({ facet: 'priceBand', field: 'listPrice', test: { kind: 'ranges', ranges: PRICE_BANDS.filter((b) => query.priceBands.includes(b.id)).map((b) => b.interval) } })
  }
  if (query.engineCcMin !== null || query.engineCcMax !== null) {
    out.push({ facet: 'engine', field: 'engineCc', test: { kind: 'ranges', ranges: [interval(query.engineCcMin, query.engineCcMax)] } })
  }
  if (query.engineBands.length) {
    out.push({ facet: 'engineBand', field: 'engineCc', test: { kind: 'ranges', ranges: ENGINE_BANDS.filter((b) => query.engineBands.includes(b.id)).map((b) => b.interval) } })
  }
  if (query.licences.length) out.push({ facet: 'licence', field: 'licence', test: { kind: 'in', values: query.licences } })
  if (query.frameSizes.length) out.push({ facet: 'frame', field: 'frameSize', test: { kind: 'in', values: query.frameSizes } })
  if (query.bikeTypes.length) out.push({ facet: 'type', field: 'bikeType', test: { kind: 'in', values: query.bikeTypes } })
  if (query.batteryRangeMinMiles !== null) out.push({ facet: 'range', field: 'batteryRangeMiles', test: { kind: 'ranges', ranges: [{ atLeast: query.batteryRangeMinMiles }] } })
  return out
}

/** Whether a product's field values pass a condition (the rule the SQL and Payload's where express). */
export function passes(test: FilterTest, value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false
  if (test.kind === 'in') return test.values.some((v) => v === value)
  const n = typeof value === 'number' ? value : Number(value)
  return test.ranges.some((r) => inInterval(n, r))
}

/* ------------------------------------------------------------------------------------------------ */
/* Counting                                                                                          */

/** Facets whose options are counted. The typed ranges (price, engine) have no options to count. */
export type CountedFacet = 'category' | 'brand' | 'condition' | 'priceBand' | 'engineBand' | 'licence' | 'frame' | 'type' | 'range'

/** How one facet's products are grouped: by the field's own value, or into buckets (bands) of it. */
export interface FacetGrouping {
  facet: CountedFacet
  field: FilterField
  /** absent: one group per value of the field */
  buckets?: readonly Band[]
}

/** The groupings to count for a query: the range thresholds include a chosen value that is not one of the steps. */
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

/** The e-bike range options: the fixed steps plus a chosen value that is not one of them. */
export function rangeChoices(query: ListingQuery): number[] {
  return thresholdChoices(BATTERY_RANGE_STEPS, query.batteryRangeMinMiles)
}

/** The conditions a facet's counts apply: every one but the facet's own. */
export function conditionsFor(facet: CountedFacet, conditions: FilterCondition[]): FilterCondition[] {
  return conditions.filter((c) => c.facet !== facet)
}

/** One grouped row as read: a facet, a group (a field value or a bucket id; null for products without one) and its products. */
export interface GroupRow {
  facet: CountedFacet
  value: string | null
  count: number
}

/** Counts per facet option, ready for the form. */
export interface FacetCounts {
  /** group value → products, per facet (category: category id; brand: brand id; range: "at least" threshold) */
  byFacet: Record<CountedFacet, Record<string, number>>
  /** products the listing would show with nothing chosen in this facet (its "Any" option) */
  any: Record<CountedFacet, number>
}

export const COUNTED_FACETS: readonly CountedFacet[] = ['category', 'brand', 'condition', 'priceBand', 'engineBand', 'licence', 'frame', 'type', 'range']

/**
 * Makes the form's counts from the grouped rows: a product without a value for the field counts in the facet's
 * "Any" total, not in any option; range buckets are added up into "at least" counts.
 */
export function facetCounts(query: ListingQuery, rows: readonly GroupRow[]): FacetCounts {
  const byFacet = Object.fromEntries(COUNTED_FACETS.map((f) => [f, {}])) as Record<CountedFacet, Record<string, number>>
  const any = Object.fromEntries(COUNTED_FACETS.map((f) => [f, 0])) as Record<CountedFacet, number>
  for (const row of rows) {
    any[row.facet] += row.count
    if (row.value !== null) byFacet[row.facet][row.value] = (byFacet[row.facet][row.value] ?? 0) + row.count
  }
  byFacet.range = thresholdCounts(rangeChoices(query), byFacet.range)
  return { byFacet, any }
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

/** "Honda (12)": what the option shows. */
export function optionText(option: Pick<FacetOption, 'label' | 'count'>): string {
  return `${option.label} (${option.count.toLocaleString('en-GB')})`
}

/** "Honda, 12 bikes": what a screen reader reads for the option. */
export function optionSpokenText(option: Pick<FacetOption, 'label' | 'count'>, noun: string): string {
  return `${option.label}, ${countLabel(option.count, noun)}`
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
