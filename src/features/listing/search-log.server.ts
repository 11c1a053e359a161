// What a search found, told to the production server as the page renders. Searches are counted at the server's edge
// as they are answered, rendered or replayed from its response cache (server-lib/search-counts.mjs, ADR 039), so
// that six searches for one word count six; the edge cannot see what a page found, so the page says so here, and a
// replay of the page found the same. Outside server.mjs (next dev, tests) nobody listens and nothing is counted.
import 'server-only'

type SearchCounter = { found(typed: string, products: number): void }

/** `found`: the products the page said it found, as the rider saw it (not read again). */
export function reportSearchFound(typed: string, found: number): void {
  ;(globalThis as { __wheelhouseSearchCounter?: SearchCounter }).__wheelhouseSearchCounter?.found(typed, found)
}
