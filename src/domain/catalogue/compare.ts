// Comparing bikes side by side: which bikes a compare link names, and the rows shown for them.
// Pure: the page hands in each bike's facts and gets back labelled rows, each marked when the bikes differ.
import { SPEC_SHEET_PARTS, type SpecSheet } from './spec-sheet'
import { numberText } from '../../lib/text/number-text'

/** At most four bikes are compared at once: four columns still read as rows on a phone. */
export const MAX_COMPARED = 4

const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/

/**
 * The `bikes` parameter of a compare link: slugs separated by commas, in the order given. Unknown shapes are
 * dropped, repeats kept once, and only the first four count, so any link still shows something sensible.
 */
export function parseCompareSlugs(value: string | readonly string[] | null | undefined): string[] {
  const raw = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : ''
  const slugs: string[] = []
  for (const part of raw.slice(0, 2000).split(',')) {
    const slug = part.trim().toLowerCase()
    if (SLUG.test(slug) && !slugs.includes(slug)) slugs.push(slug)
    if (slugs.length === MAX_COMPARED) break
  }
  return slugs
}

/** A compare list with one bike added (at the end) or removed; never more than four, oldest dropped first. */
export function toggleCompared(list: readonly string[], slug: string): string[] {
  if (list.includes(slug)) return list.filter((s) => s !== slug)
  return [...list, slug].slice(-MAX_COMPARED)
}

/** The words of a link to the comparison: "Compare 3 bikes", saying when the list is as long as it can be. */
export function compareLinkText(count: number): string {
  return `Compare ${count} ${count === 1 ? 'bike' : 'bikes'}${count >= MAX_COMPARED ? ' (the most at once)' : ''}`
}

export interface CompareBike {
  readonly name: string
  /** Headline price in pence, every mandatory charge included; null when unpriced. */
  readonly pricePence: number | null
  /** The representative monthly payment in pence, or null when the bike is not offered on finance. */
  readonly monthlyPence: number | null
  readonly condition: 'new' | 'used'
  readonly brandName: string | null
  readonly specSheet: SpecSheet | null
  /** Used bikes only. */
  readonly mileage: number | null
  readonly keepers: number | null
  readonly serviceHistory: string | null
  readonly registrationYear: number | null
}

export interface CompareRow {
  readonly key: string
  readonly label: string
  readonly group: 'summary' | 'used' | (typeof SPEC_SHEET_PARTS)[number]['group']
  /** One cell a bike, in the bikes' order; null when that bike has no value for the row. */
  readonly values: readonly (string | null)[]
  /** True when at least two bikes show different values (a missing value counts as different). */
  readonly differs: boolean
}

export interface CompareFormat {
  readonly money: (pence: number) => string
}

function row(key: string, label: string, group: CompareRow['group'], values: (string | null)[]): CompareRow {
  const distinct = new Set(values.map((v) => (v === null ? '\u0000none' : v.trim().toLowerCase())))
  return { key, label, group, values, differs: values.length > 1 && distinct.size > 1 }
}

/**
 * The rows of the comparison, in a fixed order: price, monthly figure, brand and condition; then, when any bike
 * is used, year, mileage, keepers and service history; then every spec-sheet part that at least one bike fills.
 * A row nobody fills is left out.
 */
export function compareRows(bikes: readonly CompareBike[], format: CompareFormat): CompareRow[] {
  const rows: CompareRow[] = [
    row('price', 'Price', 'summary', bikes.map((b) => (b.pricePence === null ? null : format.money(b.pricePence)))),
    row('monthly', 'Monthly (representative example)', 'summary', bikes.map((b) => (b.monthlyPence === null ? null : `${format.money(b.monthlyPence)} a month`))),
    row('brand', 'Brand', 'summary', bikes.map((b) => b.brandName)),
    row('condition', 'Condition', 'summary', bikes.map((b) => (b.condition === 'used' ? 'Used' : 'New'))),
  ]
  if (bikes.some((b) => b.condition === 'used')) {
    rows.push(
      row('year', 'First registered', 'used', bikes.map((b) => (b.registrationYear === null ? null : String(b.registrationYear)))),
      row('mileage', 'Mileage', 'used', bikes.map((b) => (b.mileage === null ? null : `${numberText(b.mileage)} miles`))),
      row('keepers', 'Previous keepers', 'used', bikes.map((b) => (b.keepers === null ? null : String(b.keepers)))),
      row('serviceHistory', 'Service history', 'used', bikes.map((b) => b.serviceHistory)),
    )
  }
  for (const part of SPEC_SHEET_PARTS) {
    const values = bikes.map((b) => b.specSheet?.[part.key]?.trim() || null)
    if (values.some((v) => v !== null)) rows.push(row(part.key, part.label, part.group, values))
  }
  return rows.filter((r) => r.values.some((v) => v !== null))
}
