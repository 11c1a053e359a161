// Catalogue facts that change rarely and that many reads need (the category tree, the brands, the busiest
// categories): read once per process and kept until the catalogue changes, or for at most `maxAgeMs`.
//
// Why not Next's unstable_cache: these are read inside the listing's own unstable_cache, and Next bypasses a cache
// nested in another (unstable-cache.js: "when we are nested inside of other unstable_cache's we should bypass
// cache"), so every uncached listing read both, twice (page and facets), through Payload.
//
// The state lives on globalThis: Turbopack instantiates a bundled module once per route group (ADR 032), so a
// module-level copy kept by a page would not be the one a change in an API route forgets. A change forgets every
// copy in the process it was made in (revalidateNextCaches, which the storefront bus runs on every instance, ADR 008).
// No 'server-only' marker: the Payload config reaches forgetCatalogueMemo through its hooks outside Next too.

interface Entry {
  readonly generation: number
  readonly until: number
  readonly value: Promise<unknown>
  /** the value has been read (not failed): an old one may then be served while the next is read */
  settled: boolean
  /** a fresh value is being read to replace this old one */
  refreshing: boolean
}

/** What a caller gets when a fact is merely old (the catalogue has not changed): wait for it to be read again, or the old one at once. */
export type WhenOld = 'wait' | 'serve-while-reading'

interface MemoState {
  generation: number
  readonly entries: Map<string, Entry>
}

const GLOBAL_KEY = '__wheelhouseCatalogueMemo'

function state(): MemoState {
  const g = globalThis as { [GLOBAL_KEY]?: MemoState }
  return (g[GLOBAL_KEY] ??= { generation: 0, entries: new Map() })
}

/** Five minutes, as the storefront's cached reads: a change that never reached this process is seen by then. */
export const CATALOGUE_MEMO_MAX_AGE_MS = 300_000

/**
 * `read`'s answer, shared by every caller in the process until the catalogue changes (forgetCatalogueMemo) or
 * `maxAgeMs` passes. A failed read is not kept. `key` names the fact and its arguments. With `whenOld`
 * 'serve-while-reading', a fact that is merely old is still answered while it is read again in the background, so no
 * caller waits for an expensive read that only age asked for; after a catalogue change every caller waits, as before.
 */
export function catalogueMemo<T>(key: string, read: () => Promise<T>, maxAgeMs = CATALOGUE_MEMO_MAX_AGE_MS, now = Date.now(), whenOld: WhenOld = 'wait'): Promise<T> {
  const s = state()
  const hit = s.entries.get(key)
  if (hit && hit.generation === s.generation) {
    if (now < hit.until) return hit.value as Promise<T>
    if (whenOld === 'serve-while-reading' && hit.settled) {
      if (!hit.refreshing) refresh(s, key, hit, read, maxAgeMs)
      return hit.value as Promise<T>
    }
  }
  return remember(s, key, read(), now + maxAgeMs)
}

function remember<T>(s: MemoState, key: string, value: Promise<T>, until: number): Promise<T> {
  const entry: Entry = { generation: s.generation, until, value, settled: false, refreshing: false }
  s.entries.set(key, entry)
  value.then(
    () => (entry.settled = true),
    () => {
      if (s.entries.get(key) === entry) s.entries.delete(key)
    },
  )
  return value
}

/** Reads an old fact again and puts the fresh one in its place, unless the catalogue changed meanwhile; a failure keeps the old one. */
function refresh<T>(s: MemoState, key: string, old: Entry, read: () => Promise<T>, maxAgeMs: number): void {
  old.refreshing = true
  read().then(
    (fresh) => {
      if (s.entries.get(key) !== old || old.generation !== s.generation) return
      const entry: Entry = { generation: old.generation, until: Date.now() + maxAgeMs, value: Promise.resolve(fresh), settled: true, refreshing: false }
      s.entries.set(key, entry)
    },
    () => {
      old.refreshing = false
    },
  )
}

/** How many times the catalogue has changed in this process: a copy kept elsewhere is current while this is unchanged. */
export function catalogueGeneration(): number {
  return state().generation
}

/** The catalogue changed: every fact is read again on its next use, and a read already under way is not kept. */
export function forgetCatalogueMemo(): void {
  const s = state()
  s.generation++
  s.entries.clear()
}
