// A listing's URL query (filters, sort, page, search words) as a typed value: parsed from whatever a
// visitor or a bot puts in the address bar without ever throwing, and written back in one canonical
// order so links, forms and the canonical URL all agree.
import { LICENCE_CATEGORIES, type LicenceCategory } from './product-kind'
import { ENGINE_BAND_IDS, PRICE_BAND_IDS, type EngineBandId, type PriceBandId } from './listing-bands'
import { budgetParams, parseBudget, type BudgetQuery } from '../finance/monthly-figures'
import { numberText } from '../../lib/text/number-text'

export const LISTING_SORTS = ['relevance', 'price-asc', 'price-desc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]
export const SORT_LABELS: Record<ListingSort, string> = {
  relevance: 'Most relevant',
  'price-asc': 'Price increasing',
  'price-desc': 'Price decreasing',
}

export const FRAME_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'Kids'] as const
export type FrameSize = (typeof FRAME_SIZES)[number]
export const BIKE_TYPES = ['road', 'gravel', 'mountain', 'hybrid', 'city', 'folding', 'cargo', 'kids'] as const
export type BikeType = (typeof BIKE_TYPES)[number]

export const PAGE_SIZE = 24
export const MAX_PAGE = 1000
/** Highest price a filter accepts, in pounds (£1m): anything above is clamped, never an error. */
export const MAX_PRICE_POUNDS = 1_000_000
export const MAX_ENGINE_CC = 3000
export const MAX_BATTERY_MILES = 500
export const MAX_SEARCH_LENGTH = 100
const MAX_LIST = 20

export interface ListingQuery {
  /** category `path` (e.g. motorcycles/naked); includes its sub-categories */
  category: string | null
  /** brand slugs */
  brands: string[]
  condition: 'new' | 'used' | null
  minPricePence: number | null
  maxPricePence: number | null
  /** price bands (any of them), besides the typed from/to range */
  priceBands: PriceBandId[]
  engineCcMin: number | null
  engineCcMax: number | null
  /** engine size bands (any of them), besides the typed from/to range */
  engineBands: EngineBandId[]
  licences: LicenceCategory[]
  frameSizes: FrameSize[]
  bikeTypes: BikeType[]
  batteryRangeMinMiles: number | null
  /** the most a rider pays a month, their deposit and term: bikes whose best quote fits, by monthly cost */
  budget: BudgetQuery | null
  sort: ListingSort
  page: number
  /** search words (search page only); empty string when absent */
  q: string
}

export const EMPTY_LISTING_QUERY: ListingQuery = {
  category: null,
  brands: [],
  condition: null,
  minPricePence: null,
  maxPricePence: null,
  priceBands: [],
  engineCcMin: null,
  engineCcMax: null,
  engineBands: [],
  licences: [],
  frameSizes: [],
  bikeTypes: [],
  batteryRangeMinMiles: null,
  budget: null,
  sort: 'relevance',
  page: 1,
  q: '',
}

/** Next's `searchParams` shape, or anything URLSearchParams can give. */
export type RawSearchParams = Record<string, string | string[] | undefined> | URLSearchParams

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const CATEGORY_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,4}$/

function values(raw: RawSearchParams, key: string): string[] {
  const v = raw instanceof URLSearchParams ? raw.getAll(key) : raw[key]
  if (v === undefined) return []
  const list = Array.isArray(v) ? v : [v]
  // a form may send "a,b" from a hand-typed URL; accept both shapes
  return list.flatMap((s) => (typeof s === 'string' ? s.split(',') : [])).map((s) => s.trim()).filter(Boolean).slice(0, MAX_LIST * 2)
}

function first(raw: RawSearchParams, key: string): string | undefined {
  const v = raw instanceof URLSearchParams ? raw.get(key) : raw[key]
  const s = Array.isArray(v) ? v[0] : v
  return typeof s === 'string' ? s.trim() : undefined
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)].slice(0, MAX_LIST)
}

/** The chosen values in the list's own order, each once: a band's address does not depend on the order it was ticked in. */
function inOrder<T extends string>(allowed: readonly T[], chosen: T[]): T[] {
  return allowed.filter((a) => chosen.includes(a))
}

function oneOf<T extends string>(allowed: readonly T[], value: string | undefined, caseInsensitive = false): T | undefined {
  if (value === undefined) return undefined
  return allowed.find((a) => (caseInsensitive ? a.toLowerCase() === value.toLowerCase() : a === value))
}

/** A non-negative number typed by a person: "£1,250", "1250.5", " 300 ". Anything else is null. */
export function parseAmount(value: string | undefined): number | null {
  if (!value) return null
  const cleaned = value.replace(/[£,\s]/g, '')
  if (!/^\d{1,12}(?:\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null
  const n = Number(cleaned)
  return Number.isFinite(n) ? n : null
}

function clampInt(value: string | undefined, max: number): number | null {
  const n = parseAmount(value)
  return n === null ? null : Math.min(Math.round(n), max)
}

function poundsParam(value: string | undefined): number | null {
  const n = parseAmount(value)
  if (n === null) return null
  return Math.round(Math.min(n, MAX_PRICE_POUNDS) * 100)
}

/** Parses a listing's URL query; never throws, drops what it does not understand, clamps numbers. */
export function parseListingQuery(raw: RawSearchParams): ListingQuery {
  const q: ListingQuery = { ...EMPTY_LISTING_QUERY }
  try {
    const category = first(raw, 'category')?.toLowerCase().replace(/^\/+|\/+$/g, '')
    if (category && CATEGORY_PATH.test(category)) q.category = category
    q.brands = unique(values(raw, 'brand').map((s) => s.toLowerCase()).filter((s) => s.length <= 80 && SLUG.test(s)))
    q.condition = oneOf(['new', 'used'] as const, first(raw, 'condition'), true) ?? null

    let min = poundsParam(first(raw, 'min'))
    let max = poundsParam(first(raw, 'max'))
    if (min !== null && max !== null && min > max) [min, max] = [max, min]
    q.minPricePence = min === 0 ? null : min
    q.maxPricePence = max
    q.priceBands = inOrder(PRICE_BAND_IDS, values(raw, 'price').flatMap((s) => oneOf(PRICE_BAND_IDS, s, true) ?? []))

    let ccMin = clampInt(first(raw, 'ccMin'), MAX_ENGINE_CC)
    let ccMax = clampInt(first(raw, 'ccMax'), MAX_ENGINE_CC)
    if (ccMin !== null && ccMax !== null && ccMin > ccMax) [ccMin, ccMax] = [ccMax, ccMin]
    q.engineCcMin = ccMin === 0 ? null : ccMin
    q.engineCcMax = ccMax
    q.engineBands = inOrder(ENGINE_BAND_IDS, values(raw, 'engine').flatMap((s) => oneOf(ENGINE_BAND_IDS, s, true) ?? []))

    q.licences = unique(values(raw, 'licence').flatMap((s) => oneOf(LICENCE_CATEGORIES, s, true) ?? []))
    q.frameSizes = unique(values(raw, 'frame').flatMap((s) => oneOf(FRAME_SIZES, s, true) ?? []))
    q.bikeTypes = unique(values(raw, 'type').flatMap((s) => oneOf(BIKE_TYPES, s, true) ?? []))
    const range = clampInt(first(raw, 'range'), MAX_BATTERY_MILES)
    q.batteryRangeMinMiles = range === 0 ? null : range
    q.budget = parseBudget(first(raw, 'monthly'), first(raw, 'deposit'), first(raw, 'term'))

    q.sort = oneOf(LISTING_SORTS, first(raw, 'sort')) ?? 'relevance'
    const page = first(raw, 'page')
    q.page = page && /^\d{1,9}$/.test(page) ? Math.min(Math.max(Number(page), 1), MAX_PAGE) : 1
    // eslint-disable-next-line no-control-regex
    q.q = (first(raw, 'q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH)
  } catch {
    return { ...EMPTY_LISTING_QUERY }
  }
  return q
}

function penceToPoundsText(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2)
}

/** The query as URL parameters in one fixed order, defaults left out. */
export function listingParams(query: ListingQuery): URLSearchParams {
  const p = new URLSearchParams()
  if (query.q) p.set('q', query.q)
  if (query.category) p.set('category', query.category)
  for (const b of query.brands) p.append('brand', b)
  if (query.condition) p.set('condition', query.condition)
  if (query.minPricePence !== null) p.set('min', penceToPoundsText(query.minPricePence))
  if (query.maxPricePence !== null) p.set('max', penceToPoundsText(query.maxPricePence))
  for (const b of query.priceBands) p.append('price', b)
  if (query.engineCcMin !== null) p.set('ccMin', String(query.engineCcMin))
  if (query.engineCcMax !== null) p.set('ccMax', String(query.engineCcMax))
  for (const b of query.engineBands) p.append('engine', b)
  for (const l of query.licences) p.append('licence', l)
  for (const f of query.frameSizes) p.append('frame', f)
  for (const t of query.bikeTypes) p.append('type', t)
  if (query.batteryRangeMinMiles !== null) p.set('range', String(query.batteryRangeMinMiles))
  if (query.budget) for (const [key, value] of budgetParams(query.budget)) p.set(key, value)
  if (query.sort !== 'relevance') p.set('sort', query.sort)
  if (query.page > 1) p.set('page', String(query.page))
  return p
}

/** A link to a listing at `basePath` with this query, optionally changed (e.g. another page). */
export function listingHref(basePath: string, query: ListingQuery, change: Partial<ListingQuery> = {}): string {
  const s = listingParams({ ...query, ...change }).toString()
  return s ? `${basePath}?${s}` : basePath
}

/**
 * The canonical address of a listing: filters and sort are views of the same page, so only the
 * search words and a page number beyond the first stay.
 */
export function canonicalHref(basePath: string, query: ListingQuery): string {
  return listingHref(basePath, { ...EMPTY_LISTING_QUERY, q: query.q, page: query.page })
}

/** The query string a request carried, in the order it came, for comparing with the canonical form. */
export function rawQueryString(raw: RawSearchParams): string {
  if (raw instanceof URLSearchParams) return raw.toString()
  const p = new URLSearchParams()
  for (const [key, v] of Object.entries(raw)) {
    for (const s of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(key, s)
  }
  return p.toString()
}

/**
 * How many choices are set inside the filter form: one per ticked option or typed bound. Sort, page, search words
 * and the monthly budget are not counted: each has its own form, so counting them would promise the rider something
 * set inside Filters that is not there.
 */
export function activeFilterCount(query: ListingQuery): number {
  return listingParams({ ...query, budget: null, sort: 'relevance', page: 1, q: '' }).size
}

/** True when any filter of the filter form is set (not sort, page, search words or budget). */
export function hasFilters(query: ListingQuery): boolean {
  return activeFilterCount(query) > 0
}

export function totalPages(totalDocs: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, totalDocs) / pageSize))
}

export type PageLink = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string }

/** Page numbers to show: first, last, and two either side of the current one, with gaps between. */
export function pageLinks(current: number, pages: number): PageLink[] {
  const shown = new Set<number>([1, pages])
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= pages) shown.add(p)
  const sorted = [...shown].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b)
  const links: PageLink[] = []
  let previous = 0
  for (const p of sorted) {
    if (p - previous > 1) links.push({ kind: 'gap', key: `gap-${previous}` })
    links.push({ kind: 'page', page: p, current: p === current })
    previous = p
  }
  return links
}

/** "37 bikes", "1 product" */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${numberText(count)} ${count === 1 ? singular : plural}`
}
