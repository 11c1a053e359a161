// Request headers no visitor may send (ADR 021). Next.js reads a few headers that only its own
// layers are meant to write: `x-middleware-prefetch` makes it answer `{}` instead of the page, `x-matched-path`,
// `x-now-route-matches` and `x-nextjs-data` change which route or which kind of response it renders, and
// `x-middleware-subrequest` once skipped middleware altogether (CVE-2025-29927). Others (x-original-url,
// x-rewrite-url, x-http-method-override) are read by some frameworks and proxies to rewrite a request; nothing
// here needs them, so none is passed on. The X-Forwarded-* headers describe the connection and are believed only
// from a proxy we trust (TRUST_PROXY), which overwrites them.
//
// Kept on purpose: the headers Next's client router sends on its own navigations (rsc, next-router-*, next-url,
// next-action, x-deployment-id) and Payload's own `x-payload-http-method-override`; the response cache passes
// requests carrying them straight to Next instead (response-cache.mjs).

const INTERNAL_PREFIX = /^(x-middleware-|x-invoke-|x-nextjs-|x-next-|x-now-|x-vercel-|x-prerender-revalidate)/
const INTERNAL = new Set(['x-matched-path', 'next-resume', 'x-original-url', 'x-rewrite-url', 'x-original-uri', 'x-http-method-override', 'x-http-method', 'x-method-override'])
const FROM_PROXY = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'x-forwarded-server', 'x-forwarded-ssl', 'forwarded'])

/** Whether a visitor's request may carry this header (lower-case name) into Next. */
export function isUntrustedHeader(name, { trustProxy = false } = {}) {
  if (INTERNAL_PREFIX.test(name) || INTERNAL.has(name)) return true
  return !trustProxy && FROM_PROXY.has(name)
}

/**
 * Deletes from `req.headers` (and `req.rawHeaders`, which Next also reads) every header a visitor must not
 * send; answers the names removed.
 */
export function stripUntrustedHeaders(req, options = {}) {
  const removed = []
  for (const name of Object.keys(req.headers)) {
    if (!isUntrustedHeader(name, options)) continue
    delete req.headers[name]
    removed.push(name)
  }
  if (removed.length > 0 && Array.isArray(req.rawHeaders)) {
    const kept = []
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      if (!isUntrustedHeader(String(req.rawHeaders[i]).toLowerCase(), options)) kept.push(req.rawHeaders[i], req.rawHeaders[i + 1])
    }
    req.rawHeaders.splice(0, req.rawHeaders.length, ...kept)
  }
  return removed
}
