// Server actions and Payload's admin server function answer bad input with a 4xx here, before Next (ADR 039). Next
// itself answers a few of these with 500 and a logged stack: a server action posted with an Origin that is not the
// shop's ("Invalid Server Actions request", the CSRF check), an Origin that is no URL at all (`new URL` throws), and
// Payload's admin server function called without a session (Payload throws Unauthorized inside the action). They are
// the visitor's fault, so they are refused as such:
//   - a POST that Next would treat as a possible server action (a `next-action` header, or a form body to a page):
//       - an Origin that does not read as a URL (or `null`): 400;
//       - an Origin whose host is neither the request's host (X-Forwarded-Host first, as Next reads them; server.mjs
//         has already dropped X-Forwarded-* unless a trusted proxy wrote them) nor one of next.config's
//         serverActions.allowedOrigins: 403. Without an Origin the request goes on, as Next lets it (no browser
//         sends a form or a fetch without one, so there is no visitor's session to abuse);
//   - a `next-action` id that is not one Next could have made (42 hexadecimal characters): 400; one the build does
//     not have (its server-reference manifest): 404;
//   - a server function call to the admin (`/admin…` with `next-action`) without a Payload session cookie (or one
//     that is no JWT) or an Authorization header: 401; with a token this shop did not sign, or one that has expired
//     (server-lib/session-token.mjs, given the signing key): 401; with a session whose role is not staff or admin:
//     403. Every admin server function checks the session first and throws without one; the shop's first user is
//     created at start-up, never through the admin's create-first-user page, so no call is legitimately anonymous.
//     An API key (`Authorization: users API-Key …`) goes on to Payload, which looks it up.
// Route handlers (/api, /wp-json, the hosted test gateway, Next's own /_next) read their own bodies and Next runs no
// action there, so nothing posted to them is taken for an action.

import { readSessionToken } from './session-token.mjs'

const ACTION_ID = /^[0-9a-f]{42}$/i
const FORM_BODY = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i
const ROUTE_HANDLERS = /^\/(api|wp-json|test-gateway|_next)(\/|$)/
const ADMIN = /^\/admin(\/|$)/
const SESSION_COOKIE = /(?:^|;\s*)payload-token=([^;\s]+)/
const TOKEN_HEADER = /^(?:JWT|Bearer)\s+(\S+)$/i
/** The roles the admin lets in (src/cms/access: staffPanel); the session token carries the role (saveToJWT). */
const STAFF_ROLES = new Set(['staff', 'admin'])

/**
 * Why an admin server function call's credentials are refused before Payload, or null to pass it on: the session
 * token from the Authorization header (`JWT …`/`Bearer …`) or the `payload-token` cookie, verified with `sessionKey`
 * when the server knows it. Only refuses what Payload would refuse anyway, with a 4xx instead of its 500.
 */
function adminCredentialsRefusal(headers, sessionKey) {
  const authorization = firstHeader(headers.authorization)
  const headerToken = authorization ? TOKEN_HEADER.exec(authorization)?.[1] : undefined
  if (authorization && !headerToken) return null // an API key: Payload looks it up
  const cookie = typeof headers.cookie === 'string' ? headers.cookie : undefined
  const token = headerToken ?? (cookie ? SESSION_COOKIE.exec(cookie)?.[1] : undefined)
  const read = readSessionToken(token, sessionKey)
  if (!read) return { status: 401, error: 'unauthorised', message: 'Sign in to the admin first.' }
  if (sessionKey && !read.verified) return { status: 401, error: 'unauthorised', message: 'That admin session has ended or was not issued by this shop: sign in again.' }
  if (typeof read.claims.role === 'string' && !STAFF_ROLES.has(read.claims.role)) return { status: 403, error: 'forbidden', message: 'Only staff may use the admin.' }
  return null
}

function firstHeader(value) {
  const text = Array.isArray(value) ? value[0] : value
  return typeof text === 'string' ? text.split(',')[0].trim() : undefined
}

/**
 * Whether Next would take the request for a possible server action: a POST with a `next-action` header (`fetch`: the
 * browser's call from a page), or a form body posted to a page (a form without JavaScript); null when not.
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} req
 */
export function possibleAction(req) {
  if (req.method !== 'POST' || ROUTE_HANDLERS.test((req.url ?? '/').split('?')[0])) return null
  if (req.headers['next-action'] !== undefined) return { fetch: true }
  return FORM_BODY.test(String(req.headers['content-type'] ?? '')) ? { fetch: false } : null
}

/**
 * The refusal for a server action or admin server function call that Next or Payload would answer with a 5xx, or
 * null. `knownActions`: the ids of the build's server actions (null when the manifest could not be read: then only
 * the form of an id is checked); `originAllowed(host)`: next.config's serverActions.allowedOrigins (Next's own check);
 * `sessionKey`: the key Payload signs session tokens with (payloadSigningKey), or null when the server cannot know it.
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} req
 * @param {{ knownActions?: Set<string> | null, originAllowed?: (host: string) => boolean, sessionKey?: string | null }} [options]
 */
export function serverActionRefusal(req, { knownActions = null, originAllowed = () => false, sessionKey = null } = {}) {
  if (!possibleAction(req)) return null
  const pathOnly = (req.url ?? '/').split('?')[0]
  const action = req.headers['next-action']
  const origin = req.headers.origin
  if (typeof origin === 'string') {
    let originHost
    try {
      originHost = origin === 'null' ? 'null' : new URL(origin).host
    } catch {
      return { status: 400, error: 'invalid_request', message: 'The Origin header is not an address.' }
    }
    const host = firstHeader(req.headers['x-forwarded-host']) || firstHeader(req.headers.host)
    if (originHost && originHost !== host && !originAllowed(originHost)) return { status: 403, error: 'forbidden', message: 'Forms and actions are only accepted from the shop’s own pages.' }
  }
  if (action !== undefined) {
    const id = Array.isArray(action) ? action[0] : action
    if (!ACTION_ID.test(id)) return { status: 400, error: 'invalid_request', message: 'That is not a server action.' }
    if (knownActions && !knownActions.has(id)) return { status: 404, error: 'not_found', message: 'No such server action: reload the page.' }
    if (ADMIN.test(pathOnly)) return adminCredentialsRefusal(req.headers, sessionKey)
  }
  return null
}

/** Answers the refusal when there is one; true when it did. */
export function refuseBadServerAction(req, res, options) {
  const refusal = serverActionRefusal(req, options)
  if (!refusal) return false
  res.writeHead(refusal.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify({ error: refusal.error, message: refusal.message }))
  return true
}

/** The ids of the build's server actions, from Next's server-reference manifest; null when it cannot be read. */
export function readKnownActions(manifestText) {
  try {
    const manifest = JSON.parse(manifestText)
    const ids = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})])
    return ids.size > 0 ? ids : null
  } catch {
    return null
  }
}
