// What a listing asks for, as conditions on products: its scope (all bikes, a brand, a category, a search's matches)
// and the visitor's filters, as Payload's where for the page reads (the same tests the facet SQL applies,
// facet-counts.server.ts), and the search words, searched once per request.
import 'server-only'
import { cache } from 'react'
import type { Where } from 'payload'
import { payloadClient } from '../../cms/payload-client.server'
import { BIKE_KINDS } from '../../domain/catalogue/product-kind'
import type { Interval } from '../../domain/catalogue/listing-bands'
import type { FilterCondition, FilterField, IdResolver } from '../../domain/catalogue/listing-facets'
import type { ScopeCondition } from './facet-counts.server'
import { runSearch, type SearchOutcome } from '../search/search.server'
import { spokenQuery } from '../../domain/search/query'
import { isCycleFact } from '../catalogue/facet-index.server'
import { withDescendants, type BrandInfo, type CategoryInfo } from './categories-and-brands.server'

export type ListingScope =
  | { type: 'bikes' }
  | { type: 'brand'; brandId: number }
  | { type: 'category'; categoryPath: string }
  | { type: 'search' }

const NOTHING: Where = { id: { equals: 0 } }
export const ACTIVE: Where = { status: { equals: 'active' } }
/** Listed under a cycle fact: not an e-bike sold as a motor vehicle (facet-index.server.ts, LISTED_AS_CYCLE_SQL; ADR 069). */
const LISTED_AS_CYCLE: Where = { or: [{ 'ebike.eapc': { exists: false } }, { 'ebike.eapc': { equals: true } }] }
const asListed = (field: string, where: Where): Where => (isCycleFact(field) ? { and: [where, LISTED_AS_CYCLE] } : where)

/** The scope as conditions on products; with search words, only their matches (none: words that only set filters). */
export function scopeConditions(scope: ListingScope, categories: CategoryInfo[], search: SearchOutcome | null): ScopeCondition[] {
  const out: ScopeCondition[] = []
  if (scope.type === 'bikes') out.push({ field: 'kind', values: [...BIKE_KINDS] })
  if (scope.type === 'brand') out.push({ field: 'brandId', values: [scope.brandId] })
  if (scope.type === 'category') out.push({ field: 'categoryId', values: withDescendants(categories, scope.categoryPath) })
  if (search?.matches) out.push({ field: 'id', values: search.matches.map((m) => m.id) })
  return out
}

/** Payload's path for each filtered field. */
const PATHS: Record<FilterField | 'kind' | 'id', string> = {
  id: 'id',
  kind: 'kind',
  categoryId: 'category',
  brandId: 'brand',
  condition: 'condition',
  listPrice: 'listPrice',
  engineCc: 'attributes.engineCc',
  licence: 'attributes.licenceCategory',
  frameSize: 'attributes.frameSize',
  bikeType: 'attributes.bikeType',
  batteryRangeMiles: 'attributes.batteryRangeMiles',
}

/**
 * One value is asked for with `equals`: Payload writes a relationship's `in` with each id twice (as number and as
 * text), and PostgreSQL reads an index in order only for a single value, so a brand's or a leaf category's page
 * would sort all its products instead of reading the first 24 from products_listing_brand_idx and its sibling.
 */
function inWhere(path: string, values: readonly (string | number)[]): Where {
  const distinct = [...new Set(values)]
  if (distinct.length === 1) return { [path]: { equals: distinct[0] } }
  return distinct.length ? { [path]: { in: distinct } } : NOTHING
}

function intervalWhere(path: string, i: Interval): Where {
  const and: Where[] = []
  if (i.atLeast !== undefined) and.push({ [path]: { greater_than_equal: i.atLeast } })
  if (i.above !== undefined) and.push({ [path]: { greater_than: i.above } })
  if (i.below !== undefined) and.push({ [path]: { less_than: i.below } })
  if (i.atMost !== undefined) and.push({ [path]: { less_than_equal: i.atMost } })
  if (!and.length) return { [path]: { exists: true } }
  return and.length === 1 ? and[0]! : { and }
}

/** A filter condition as Payload's where: the same test the facet SQL applies (facet-counts.server.ts). */
export function conditionWhere(c: FilterCondition): Where {
  const path = PATHS[c.field]
  if (c.test.kind === 'in') return asListed(c.field, inWhere(path, c.test.values))
  if (!c.test.ranges.length) return NOTHING
  return asListed(c.field, c.test.ranges.length === 1 ? intervalWhere(path, c.test.ranges[0]!) : { or: c.test.ranges.map((r) => intervalWhere(path, r)) })
}

export function scopeWhere(scope: ScopeCondition[]): Where[] {
  return scope.map((c) => asListed(c.field, inWhere(PATHS[c.field], c.values)))
}

export function resolver(categories: CategoryInfo[], brands: BrandInfo[]): IdResolver {
  return {
    brandIds: (slugs) => brands.filter((b) => slugs.includes(b.slug)).map((b) => b.id),
    categoryIds: (path) => withDescendants(categories, path),
  }
}

/** One search per request: the page and its facets are read side by side and both need the matches. */
export const searchOnce = cache(async (typed: string): Promise<SearchOutcome> => runSearch(await payloadClient(), typed))

/** What search used instead of the typed words, when it corrected or left out any. */
export function searchedFor(search: SearchOutcome | null): string | null {
  if (!search || (!Object.keys(search.corrections).length && !search.dropped.length) || !search.clauses.length) return null
  return spokenQuery(search.clauses)
}
