// Bounds on what one anonymous REST read may ask of the database (oversized queries). Payload's
// REST reads take `limit`, `depth`, `pagination=false` and arbitrarily nested `where` from the query string;
// an anonymous `?pagination=false&depth=10` on a 100,000-variant catalogue reads and populates everything.
// The storefront never reads REST with such parameters, and staff (signed in: a session cookie or an
// Authorization header) keep Payload's own limits, which the admin panel needs.

const MAX_QUERY_CHARS = 4096
const MAX_LIMIT = 100
const MAX_DEPTH = 2
const MAX_BRACKETS = 48
const SESSION_COOKIE = /(^|;\s*)payload-token=/

/** The refusal for an anonymous REST read that asks for too much, or null when it is within bounds. */
export function apiQueryRefusal(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  const url = req.url ?? '/'
  if (!/^\/api\/(?!graphql(\/|\?|$))/.test(url)) return null
  const h = req.headers
  if (h.authorization || (typeof h.cookie === 'string' && SESSION_COOKIE.test(h.cookie))) return null
  const q = url.indexOf('?')
  if (q < 0) return null
  const query = url.slice(q + 1)
  if (query.length > MAX_QUERY_CHARS) return { status: 414, error: 'uri_too_long', message: `The query string is longer than ${MAX_QUERY_CHARS} characters.` }
  let params
  try {
    params = new URLSearchParams(query)
  } catch {
    return { status: 400, error: 'invalid_request', message: 'The query string could not be read.' }
  }
  const limit = params.get('limit')
  if (limit !== null && !(/^\d{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_LIMIT)) {
    return { status: 400, error: 'invalid_request', message: `limit must be a whole number from 1 to ${MAX_LIMIT}.` }
  }
  const depth = params.get('depth')
  if (depth !== null && !(/^\d$/.test(depth) && Number(depth) <= MAX_DEPTH)) return { status: 400, error: 'invalid_request', message: `depth must be a whole number from 0 to ${MAX_DEPTH}.` }
  if (params.get('pagination') === 'false') return { status: 400, error: 'invalid_request', message: 'pagination cannot be turned off: page through the results instead.' }
  let brackets = 0
  for (const key of params.keys()) brackets += (key.match(/\[/g) ?? []).length
  if (brackets > MAX_BRACKETS) return { status: 400, error: 'invalid_request', message: 'The query has too many conditions.' }
  return null
}

/** Answers the refusal when there is one; true when it did. */
export function refuseOversizedApiQuery(req, res) {
  const refusal = apiQueryRefusal(req)
  if (!refusal) return false
  res.writeHead(refusal.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ error: refusal.error, message: refusal.message }))
  return true
}
