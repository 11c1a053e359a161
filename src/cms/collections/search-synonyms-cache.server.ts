// The synonym list for every search, read at most once every SYNONYMS_FRESH_MS per process. A change saved in
// this process is seen at once (the collection's hooks forget the copy); one saved on another instance when the
// storefront bus reaches it, and at the latest after SYNONYMS_FRESH_MS. No 'server-only' marker: the Payload config imports this through the collection's hooks.
import type { Payload } from 'payload'
import type { LicenceCategory } from '../../domain/catalogue/product-kind'
import { synonymGroups, type SynonymEntry, type SynonymGroup } from '../../domain/search/synonyms'
import { catalogueMemo, forgetCatalogueMemo } from '../catalogue-memo.server'

export const SYNONYMS_FRESH_MS = 60_000

async function read(payload: Payload): Promise<SynonymGroup[]> {
  const found = await payload.find({ collection: 'search-synonyms', pagination: false, depth: 0, overrideAccess: true, select: { words: true, licence: true } })
  const entries: SynonymEntry[] = found.docs.map((d) => ({ terms: (d.words ?? '').split(','), licence: (d.licence ?? null) as LicenceCategory | null }))
  return synonymGroups(entries)
}

/** The synonym groups, kept as the other catalogue facts are (cms/catalogue-memo.server.ts), at most SYNONYMS_FRESH_MS. */
export function searchSynonyms(payload: Payload, now = Date.now()): Promise<SynonymGroup[]> {
  return catalogueMemo('search-synonyms', () => read(payload), SYNONYMS_FRESH_MS, now)
}

/** Called when a synonym changes in this process (its storefront revalidation forgets it too). */
export function forgetSynonyms(): void {
  forgetCatalogueMemo()
}
