// Counts a search for staff (collection search-log) after the page has been sent, so a rider never waits on it.
import 'server-only'
import { after } from 'next/server'
import { payloadClient } from '../../cms/payload-client.server'
import { recordSearch } from '../search/search.server'

/** `found`: the products the page said it found, as the rider saw it (not read again). */
export function recordSearchOnce(typed: string, found: number): void {
  after(async () => {
    try {
      await recordSearch(await payloadClient(), typed, found)
    } catch (error) {
      ;(await payloadClient()).logger.warn({ err: error }, 'search not logged')
    }
  })
}
