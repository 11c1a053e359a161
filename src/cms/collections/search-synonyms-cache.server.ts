// The synonym list for every search, read at most once every SYNONYMS_FRESH_MS per process. A change saved in
// this process is seen at once (the collection's hooks forget the copy); one saved on another instance within
// SYNONYMS_FRESH_MS. No 'server-only' marker: the Payload config imports this through the collection's hooks.
import type { Payload } from 'payload'
import type { LicenceCategory } from '../../domain/catalogue/product-kind'
import { synonymGroups, type SynonymEntry, type SynonymGroup } from '../../domain/search/synonyms'

export const SYNONYMS_FRESH_MS = 60_000

let copy: { readonly until: number; readonly payload: Payload; readonly value: Promise<SynonymGroup[]> } | null = null

async function read(payload: Payload): Promise<SynonymGroup[]> {
  const found = await payload.find({ collection: 'search-synonyms', pagination: false, depth: 0, overrideAccess: true, select: { words: true, licence: true } })
  const entries: SynonymEntry[] = found.docs.map((d) => ({ terms: (d.words ?? '').split(','), licence: (d.licence ?? null) as LicenceCategory | null }))
  return synonymGroups(entries)
}

export function searchSynonyms(payload: Payload, now = Date.now()): Promise<SynonymGroup[]> {
  if (copy && copy.payload === payload && now < copy.until) return copy.value
  const value = read(payload)
  const entry = { until: now + SYNONYMS_FRESH_MS, payload, value }
  copy = entry
  value.catch(() => {
    if (copy === entry) copy = null
  })
  return value
}

/** Called when a synonym changes in this process. */
export function forgetSynonyms(): void {
  copy = null
}
