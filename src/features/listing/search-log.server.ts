// Counts a search for staff (collection search-log) after the page has been sent, so a rider never waits on it.
import 'server-only'
import { after } from 'next/server'
import type { ListingQuery } from '../../domain/catalogue/listing-query'
import { payloadClient } from '../../cms/payload-client.server'
import { recordSearch } from '../search/search.server'
import { listProducts, type ListingScope } from './queries.server'

export function recordSearchOnce(scope: ListingScope, query: ListingQuery): void {
  after(async () => {
    try {
      const [payload, result] = await Promise.all([payloadClient(), listProducts(scope, query)])
      await recordSearch(payload, query.q, result.totalDocs)
    } catch (error) {
      ;(await payloadClient()).logger.warn({ err: error }, 'search not logged')
    }
  })
}
