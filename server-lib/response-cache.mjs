// An in-process cache of whole storefront responses, in front of Next's handler. Public catalogue and
// content pages are the same for every visitor (the basket lives in the browser), so a rendered page can
// be replayed byte for byte until something changes: the storefront bus of server.mjs invalidates it
// (everything on a staff edit, the pages of the products a sale touched), also when the change was made
// on another app instance (ADR 008). Only anonymous full-document GETs are cached, and
// only pages Next itself marks as shared-cacheable (s-maxage: static and ISR pages) plus the listings,
// which read their filters from the query string (so Next renders them per request) but are public.
//
// The key is the URL and the encoding Next sends the page in for the request's Accept-Encoding (page-encoding.mjs),
// and a body is stored only under the encoding it was actually sent in, so a client is only ever replayed a body it
// accepts. The key is those two only, so no other request header may change what is stored (ADR 021):
// a request carrying any header that can change what Next sends (RSC and router headers, a prefetch, a
// server action, a range, an Accept that is not for HTML, a session or draft-mode cookie) is neither served
// from the cache nor stored; and whatever arrives, only a complete HTML document is stored (status 200,
// text/html, a body from <!DOCTYPE html> to </html>, no Set-Cookie). Next-internal headers never reach
// this far: server.mjs strips them first (untrusted-headers.mjs).

import { decodedBody } from './decoded-body.mjs'
import { pageEncoding } from './page-encoding.mjs'
import { ALWAYS_CACHED, NEVER_CACHED, saleBanPattern, staleAfterSale } from '../src/config/page-families.mjs'

// A signed-in visitor, or Next's draft mode (which renders unpublished content).
const PERSONAL_COOKIE = /(^|;\s*)(payload-token|__prerender_bypass|__next_preview_data)=/
const MAX_ENTRIES = 2000
const MAX_BODY_BYTES = 2 * 1024 * 1024
/**
 * All stored bodies together. At 100,000 variants a crawler walks far more distinct listing URLs than fit, and
 * 2,000 uncompressed pages of 200 KB would hold 400 MB of a process that must stay under 1 GB: the
 * oldest entries go first once the bodies pass this.
 */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024

/**
 * Request headers that can change what Next sends for a URL, or ask for part of it: their requests bypass the
 * cache (never served from it, never stored). Exported for the Varnish configuration (scripts/topology.mjs).
 */
export const BYPASS_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url', 'next-action', 'next-hmr-refresh', 'range', 'if-range', 'authorization']
const PREFETCH_PURPOSE = /prefetch|prerender|preview/i
const HTML_ACCEPT = /text\/html|\*\/\*|^\s*$/i
const DOCUMENT_START = /^\s*(\uFEFF)?<!doctype html[\s>]/i
const DOCUMENT_END = /<\/html>\s*$/i

/** Why a request must bypass the cache, or null when its answer may be stored and replayed by URL alone. */
export function bypassReason(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'method'
  const h = req.headers
  for (const name of BYPASS_HEADERS) if (h[name] !== undefined) return name
  if (PREFETCH_PURPOSE.test(String(h.purpose ?? '')) || PREFETCH_PURPOSE.test(String(h['sec-purpose'] ?? '')) || PREFETCH_PURPOSE.test(String(h['x-purpose'] ?? ''))) return 'prefetch'
  if (h.accept !== undefined && !HTML_ACCEPT.test(String(h.accept))) return 'accept'
  if (typeof h.cookie === 'string' && PERSONAL_COOKIE.test(h.cookie)) return 'cookie'
  return null
}


/** Whether a finished response is a whole HTML document that may be replayed to anyone (the body is checked last: it is decoded). */
export function isStorableDocument(res, body) {
  if (res.statusCode !== 200 || res.hasHeader('set-cookie') || res.hasHeader('content-range')) return false
  if (!/^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''))) return false
  if (res.hasHeader('x-middleware-skip') || res.hasHeader('x-middleware-rewrite') || res.hasHeader('x-middleware-redirect')) return false
  try {
    const text = decodedBody(res, body)
    return text !== null && DOCUMENT_START.test(text.slice(0, 200)) && DOCUMENT_END.test(text.slice(-200))
  } catch {
    return false // a body that does not decode is no document
  }
}

/**
 * The same rule as `invalidate` below, as one regular expression over a request URL (path and query), for a
 * shared HTTP cache in front of several instances (ADR 014: Varnish bans by it). Everything for a staff
 * edit; for a sale, what the page families table (src/config/page-families.mjs) makes stale on a sale.
 */
export function banPattern(change) {
  if (!change || change.kind !== 'products') return '^/'
  return saleBanPattern(change.slugs ?? [])
}

/**
 * Two storefront changes as one: everything if either is everything, else the products of both (at most
 * 500 slugs, the bus's limit; more is everything). Lets an instance apply a burst of sales elsewhere once.
 */
export function mergeChanges(a, b) {
  if (!a) return b
  if (!b) return a
  if (a.kind !== 'products' || b.kind !== 'products') return { kind: 'all' }
  const slugs = [...new Set([...(a.slugs ?? []), ...(b.slugs ?? [])])]
  if (slugs.length > 500) return { kind: 'all' }
  return a.index || b.index ? { kind: 'products', slugs, index: true } : { kind: 'products', slugs }
}

export function createResponseCache({ ttlMs = 300_000, now = () => Date.now(), maxTotalBytes = MAX_TOTAL_BYTES } = {}) {
  const entries = new Map()
  let totalBytes = 0
  const remove = (key) => {
    const entry = entries.get(key)
    if (!entry) return
    totalBytes -= entry.body.length
    entries.delete(key)
  }
  // Bumped by every invalidation: a response that was being rendered when a change arrived may show the
  // old state, so it is passed on to its visitor but never stored.
  let generation = 0

  function keyFor(req) {
    const url = req.url ?? '/'
    const pathOnly = url.split('?')[0]
    if (NEVER_CACHED.test(pathOnly) || bypassReason(req)) return null
    return `${pageEncoding(req.headers['accept-encoding'])} ${url}`
  }

  function lookup(key) {
    const entry = entries.get(key)
    if (!entry) return null
    if (now() - entry.storedAt > ttlMs) {
      remove(key)
      return null
    }
    return entry
  }

  function store(key, entry) {
    if (entry.body.length > maxTotalBytes) return
    remove(key)
    while (entries.size > 0 && (entries.size >= MAX_ENTRIES || totalBytes + entry.body.length > maxTotalBytes)) remove(entries.keys().next().value)
    entries.set(key, { ...entry, storedAt: now() })
    totalBytes += entry.body.length
  }

  /** Replays a cached response; returns true when it did. */
  function serve(req, res) {
    const key = keyFor(req)
    if (!key) return false
    const entry = lookup(key)
    if (!entry) {
      if (req.method === 'GET') capture(key, res) // a HEAD response has no body to replay
      return false
    }
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.setHeader('X-Wheelhouse-Cache', 'HIT')
    res.writeHead(entry.status)
    res.end(req.method === 'HEAD' ? undefined : entry.body)
    return true
  }

  // Records what Next writes so the next identical request can be replayed.
  function capture(key, res) {
    const startedIn = generation
    const chunks = []
    let size = 0
    let tooBig = false
    const write = res.write
    const end = res.end
    res.write = function (chunk, ...rest) {
      if (chunk && !tooBig) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof rest[0] === 'string' ? rest[0] : 'utf8')
        size += buf.length
        if (size > MAX_BODY_BYTES) tooBig = true
        else chunks.push(buf)
      }
      return write.call(this, chunk, ...rest)
    }
    res.end = function (chunk, ...rest) {
      if (chunk && typeof chunk !== 'function' && !tooBig) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof rest[0] === 'string' ? rest[0] : 'utf8')
        size += buf.length
        if (size > MAX_BODY_BYTES) tooBig = true
        else chunks.push(buf)
      }
      const result = end.call(this, chunk, ...rest)
      const pathOnly = key.slice(key.indexOf(' ') + 1).split('?')[0]
      const shared = /s-maxage=\d+/.test(String(res.getHeader('cache-control') ?? '')) || ALWAYS_CACHED.test(pathOnly)
      // A page Next served stale (while it re-renders in the background) must not be pinned here.
      const stale = String(res.getHeader('x-nextjs-cache') ?? '').toUpperCase() === 'STALE'
      // Only under the encoding the body was sent in: a page Next sent otherwise than the key says (small enough to
      // go uncompressed, say) is not stored, so the key's encoding is always the body's.
      const sentIn = String(res.getHeader('content-encoding') ?? 'identity').toLowerCase()
      if (!tooBig && shared && !stale && startedIn === generation && sentIn === key.slice(0, key.indexOf(' '))) {
        const body = Buffer.concat(chunks)
        if (isStorableDocument(res, body)) {
          const headers = Object.entries(res.getHeaders()).filter(([name]) => !['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'strict-transport-security'].includes(name))
          store(key, { status: res.statusCode, headers, body })
        }
      }
      return result
    }
  }

  /**
   * Applies a storefront change (src/config/storefront-change.ts): everything for a staff edit; for a sale,
   * only the pages that show its products, as the page families table says (src/config/page-families.mjs).
   */
  function invalidate(change) {
    generation += 1
    if (!change || change.kind !== 'products') {
      entries.clear()
      totalBytes = 0
      return
    }
    const stale = staleAfterSale(change.slugs ?? [])
    for (const key of [...entries.keys()]) {
      if (stale(key.slice(key.indexOf(' ') + 1).split('?')[0])) remove(key)
    }
  }

  return {
    serve,
    keyFor,
    invalidate,
    clear: () => {
      entries.clear()
      totalBytes = 0
    },
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get size() {
      return entries.size
    },
    // eslint-disable-next-line no-restricted-syntax -- one per process, never per request (ADR 083)
    get bytes() {
      return totalBytes
    },
  }
}
