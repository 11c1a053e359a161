// Searches are counted here, at the production server's edge, as they are answered (ADR 039). The search page used
// to count itself as it rendered, so a search answered from the response cache (the same words asked again within
// five minutes) was never counted: six searches for "scooter" counted once. Every answered search passes through
// here, rendered or replayed, so each counts once:
//   - a result page: GET /search with `q`, its first page (no `page`, or page 1), answered 200;
//   - suggestions: GET /api/search/suggest with `q`, answered 200; counted apart from result pages;
//   - not counted: prefetches (Next's router, a browser's speculative `Purpose`), and clients that say they are
//     robots or send no User-Agent at all (no browser omits it).
// Counts are kept per kind and typed words (trimmed, spaces collapsed, lower case, at most 100 characters), at most
// `maxTerms` of them between two reports (past that, new words wait for the next report), and handed on in batches
// (`take`): server.mjs sends them every 10 s to /api/internal/search-log, which counts them per normalised term per
// day and leaves out noise (features/search). Whether a search found nothing is what its page said when it was
// rendered: the page reports it (`found`, through `globalThis.__wheelhouseSearchCounter`), and a replay of that page
// said the same.

const SEARCH_PAGE = '/search'
const SUGGEST = '/api/search/suggest'
const PREFETCH_PURPOSE = /prefetch|prerender|preview/i
/** User agents that say they are programs, not people. */
export const ROBOT_AGENT = /bot\b|bot\/|crawl|spider|slurp|scrap|archiver|curl\/|wget\/|python|java\/|go-http|okhttp|httpclient|http-client|libwww|axios|headless|lighthouse|pingdom|uptime|monitor|facebookexternalhit|embedly|preview/i

/** The typed words as counted: NFKC, trimmed, spaces collapsed, lower case, at most 100 characters. */
export function searchKey(q) {
  return String(q ?? '')
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, 100)
}

/** 'results', 'suggestions' or null: what a finished request counts as. */
export function searchKind(req, res) {
  if (req.method !== 'GET' || res.statusCode !== 200) return null
  const url = req.url ?? '/'
  const q = url.indexOf('?')
  const pathOnly = q < 0 ? url : url.slice(0, q)
  const kind = pathOnly === SEARCH_PAGE ? 'results' : pathOnly === SUGGEST ? 'suggestions' : null
  if (!kind || q < 0) return null
  const h = req.headers
  if (h['next-router-prefetch'] !== undefined || PREFETCH_PURPOSE.test(String(h.purpose ?? '')) || PREFETCH_PURPOSE.test(String(h['sec-purpose'] ?? ''))) return null
  const agent = h['user-agent']
  if (typeof agent !== 'string' || agent.trim() === '' || ROBOT_AGENT.test(agent)) return null
  return kind
}

export function createSearchCounter({ maxTerms = 500, maxOutcomes = 5000 } = {}) {
  /** @type {Map<string, { kind: string, q: string, count: number, withoutResults: number }>} */
  let counts = new Map()
  /** What each term's result page found when it was last rendered here (bounded: the oldest is forgotten). */
  const found = new Map()

  return {
    /** Called when a response has finished: counts it if it was a search. */
    note(req, res) {
      const kind = searchKind(req, res)
      if (!kind) return
      let params
      try {
        params = new URLSearchParams((req.url ?? '').slice((req.url ?? '').indexOf('?') + 1))
      } catch {
        return
      }
      if (kind === 'results' && (params.get('page') ?? '1') !== '1') return
      const q = searchKey(params.get('q'))
      if (!q) return
      const key = `${kind}\n${q}`
      const entry = counts.get(key) ?? (counts.size < maxTerms ? { kind, q, count: 0, withoutResults: 0 } : null)
      if (!entry) return
      entry.count += 1
      if (kind === 'results' && found.get(q) === 0) entry.withoutResults += 1
      counts.set(key, entry)
    },
    /** The search page reports what a search found as it renders (before its response finishes). */
    found(q, products) {
      const key = searchKey(q)
      if (!key || !Number.isFinite(products)) return
      found.delete(key)
      found.set(key, products)
      if (found.size > maxOutcomes) found.delete(found.keys().next().value)
    },
    /** The counts since the last call, and a fresh start. */
    take() {
      const batch = [...counts.values()]
      counts = new Map()
      return batch
    },
  }
}
