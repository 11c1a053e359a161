// The listing's two-part reads: pages of a list that shows every product of one part before any of the other (bikes
// before everything else; priced before price on application), each part read in its own order so that both keep to
// their indexes.
import 'server-only'
import type { Payload, Where } from 'payload'
import { readCards, type ProductCard } from '../catalogue/queries.server'
import { BIKE_KINDS, PRODUCT_KINDS } from '../../domain/catalogue/product-kind'
import { PAGE_SIZE } from '../../domain/catalogue/listing-query'
import type { FilterCondition } from '../../domain/catalogue/listing-facets'
import { orderedProductIds, type ScopeCondition } from './facet-counts.server'

export const RELEVANCE_SORT = ['-featured', '-createdAt', '-id']
/** A page of product ids, read through Payload (access rules, where and sort); readCards then reads their cards in one statement. */
export const PAGE_IDS = { collection: 'products', depth: 0, select: {}, overrideAccess: false } as const

const OTHER_KINDS = PRODUCT_KINDS.filter((k) => !BIKE_KINDS.includes(k))

/**
 * Page `page` of the products on sale in the scope that pass the conditions, bikes before everything else, each part
 * read by the listing's own SQL (orderedProductIds), which names the status so that both databases answer from their
 * partial indexes (SQLite at 100,000 variants: a page 26 ms through Payload, 0.1 ms so), and counted in the facet index.
 */
export async function bikesFirstIds(payload: Payload, scope: readonly ScopeCondition[], conditions: readonly FilterCondition[], page: number): Promise<{ ids: number[]; total: number }> {
  const offset = (page - 1) * PAGE_SIZE
  const bikes = await orderedProductIds(payload, [...scope, { field: 'kind', values: [...BIKE_KINDS] }], conditions, offset, PAGE_SIZE)
  const rest = await orderedProductIds(payload, [...scope, { field: 'kind', values: OTHER_KINDS }], conditions, Math.max(0, offset - bikes.total), PAGE_SIZE - bikes.ids.length)
  return { ids: [...bikes.ids, ...rest.ids], total: bikes.total + rest.total }
}

/**
 * Page `page` of a list that shows every product of `first` (in its sort) before any of `rest` (in its own): each part
 * read through its own where and sort, so both keep to their indexes, where one ORDER BY over a computed column would
 * sort every match.
 */
export async function firstThenRest(payload: Payload, page: number, first: Where, firstSort: string[], rest: Where, restSort: string[]): Promise<{ cards: ProductCard[]; totalDocs: number }> {
  const [head, restCount] = await Promise.all([
    payload.find({ ...PAGE_IDS, where: first, sort: firstSort, page, limit: PAGE_SIZE }),
    payload.count({ collection: 'products', where: rest, overrideAccess: false }),
  ])
  const docs = [...head.docs]
  if (docs.length < PAGE_SIZE && restCount.totalDocs > 0) {
    const skip = Math.max(0, (page - 1) * PAGE_SIZE - head.totalDocs)
    const take = PAGE_SIZE - docs.length
    if (skip < restCount.totalDocs) {
      const tail = await payload.find({ ...PAGE_IDS, where: rest, sort: restSort, page: 1, limit: skip + take })
      docs.push(...tail.docs.slice(skip, skip + take))
    }
  }
  return { cards: await readCards(payload, docs.map((d) => d.id)), totalDocs: head.totalDocs + restCount.totalDocs }
}
