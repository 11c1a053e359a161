// The production server: Next.js behind a thin HTTP layer that adds request ids, JSON access logs,
// HSTS behind HTTPS, and a graceful shutdown on SIGTERM (finish in-flight requests, then exit).
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import http from 'node:http'
import next from 'next'
import { closeAfterEarlyResponse } from './server-lib/early-response.mjs'
import { trackConnections } from './server-lib/graceful-drain.mjs'
import { serveMediaFile } from './server-lib/media-files.mjs'
import { serveStaticAsset } from './server-lib/static-assets.mjs'
import { banPattern, createResponseCache, mergeChanges } from './server-lib/response-cache.mjs'
import { refuseOversizedApiQuery } from './server-lib/api-query-limits.mjs'
import { hashInlineScripts } from './server-lib/script-hashes.mjs'
import { compressResponse } from './server-lib/compression.mjs'
import { scriptsAfterPaint } from './src/lib/http/paint-first.mjs'
import { stripUntrustedHeaders } from './server-lib/untrusted-headers.mjs'
import { connectionFacts, proxyTrust } from './src/lib/http/forwarded.mjs'
import { createInFlightLimit } from './server-lib/in-flight-limit.mjs'
import { createFormPostLimit } from './server-lib/form-posts.mjs'
import { possibleAction, readKnownActions, refuseBadServerAction } from './server-lib/server-actions.mjs'
import { payloadSigningKey } from './server-lib/session-token.mjs'
import { checkActionBody } from './server-lib/action-body.mjs'
import { createSearchCounter } from './server-lib/search-counts.mjs'
import { logger, routeConsoleToLogger, runWithRequest } from './src/lib/observe/logger.mjs'
import { metrics } from './src/lib/observe/metrics.mjs'
import { routeFamily } from './server-lib/route-family.mjs'
import { redisPrefix, storefrontChannel } from './src/config/storefront-channel.mjs'
import { metricsAnswer, serveMetricsPort } from './server-lib/metrics-endpoint.mjs'
import { reportError } from './src/lib/observe/error-hook.mjs'
import { createInternalPost, payloadSecret } from './server-lib/internal-post.mjs'
import { createNotFoundCounter } from './server-lib/not-found-counts.mjs'

const port = Number(process.env.PORT || 3000)
// Loopback unless told otherwise: an instance is reached through the proxy in front of it (ADR 036).
const hostname = process.env.HOST?.trim() || '127.0.0.1'
// Which peers may tell us the client's address and scheme (src/lib/http/forwarded.mjs); nobody by default.
const trust = proxyTrust(process.env.TRUST_PROXY)
const quietPaths = /^\/(_next\/static|favicon|icons\/)/
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/
// The data folder and where Payload keeps uploads (the same defaults as src/config/env.ts); pictures are sent from there directly.
const dataDir = process.env.DATA_DIR?.trim() ? path.resolve(process.env.DATA_DIR.trim()) : path.join(process.cwd(), 'data')
const mediaDir = process.env.MEDIA_DIR?.trim() ? path.resolve(process.env.MEDIA_DIR.trim()) : path.join(dataDir, 'media')

// The build's scripts and stylesheets, with the Brotli and gzip copies scripts/precompress-static.mjs writes (ADR 019).
const staticDir = path.join(process.cwd(), '.next', 'static')

process.env.NODE_ENV = 'production'
const app = next({ dev: false, hostname, port })
const handle = app.getRequestHandler()

// One JSON format for every line of the process, Next's and Payload's included (src/lib/observe/logger.mjs).
routeConsoleToLogger()
function log(level, { msg, ...fields }) {
  logger()[level](fields, msg)
}

let stopping = false
const startedAt = Date.now()
// Signed posts to the shop's internal endpoints (server-lib/internal-post.mjs): revalidation, 404 and search counts.
const postInternal = createInternalPost({ port, dataDir, log })
// Invalidated through the storefront bus below (src/cms/hooks/revalidate-storefront.ts publishes on it).
const responseCache = createResponseCache()
await app.prepare()

// The storefront bus (ADR 008): a change to the catalogue reaches this process's response cache at once and
// Next's caches through a signed loopback request (they can only be revalidated inside a request); with
// REDIS_URL it is also published to every other app instance, which does the same on its side.
// This shop's keys and channels in a Redis that other shops (or test runs) may share: by default one
// namespace per database, so the instances of one shop share state and two shops never do.
process.env.REDIS_PREFIX ||= redisPrefix()
const STOREFRONT_CHANNEL = storefrontChannel() // the command line's imports announce on it too (src/setup/storefront-announce.ts)
const instanceId = randomUUID()
function revalidateNext(change) {
  return postInternal('/api/internal/revalidate', change, 'storefront revalidation', 10_000)
}
// A shared HTTP cache in front of the instances (Varnish in the topology, ADR 014) stores only pages this
// cache replays, so it is banned by the same rule each time this cache forgets: after the change here, and
// again once Next has revalidated. Every instance bans after applying a change, so a page another instance
// served from its old state before the change reached it is banned by that instance's own ban.
const proxyCacheUrl = process.env.HTTP_CACHE_BAN_URL
const proxyCacheKey = process.env.HTTP_CACHE_BAN_KEY ?? ''
function banAtProxy(change) {
  if (!proxyCacheUrl) return
  fetch(proxyCacheUrl, { method: 'BAN', headers: { 'X-Ban-Url': banPattern(change), 'X-Ban-Key': proxyCacheKey }, signal: AbortSignal.timeout(5000) })
    .then(async (response) => {
      await response.body?.cancel()
      if (!response.ok) log('warn', { msg: 'proxy cache ban refused', status: response.status })
    })
    .catch((error) => log('warn', { msg: 'proxy cache ban failed', err: String(error) }))
}
function forget(change) {
  responseCache.invalidate(change)
  banAtProxy(change)
}
// The response cache is invalidated again once Next has revalidated (the internal endpoint calls the bus's
// afterNext when it has): a page rendered from Next's old cache in between must not be stored as fresh. A change
// the command line announces without Redis arrives only through that endpoint, so afterNext is how it reaches
// this cache and the proxy at all.
function applyChange(change, nextDone) {
  forget(change)
  if (!nextDone) void revalidateNext(change)
}
let publisher = null
if (process.env.REDIS_URL) {
  const { Redis } = await import('ioredis')
  publisher = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2 })
  const subscriber = new Redis(process.env.REDIS_URL)
  for (const client of [publisher, subscriber]) client.on('error', (error) => log('warn', { msg: 'redis', err: String(error) }))
  await subscriber.subscribe(STOREFRONT_CHANNEL)
  // Sales made elsewhere are applied in batches of at most 200 ms, so a burst of checkouts on other
  // instances costs this one a loopback revalidation and two bans per batch, not per order (measured: no
  // throughput change either way on two cores, docs/perf-log.md; it bounds the work). A staff edit (everything
  // stale) is applied at once, together with any sales waiting.
  let arrived = null
  let batch = null
  const applyArrived = () => {
    clearTimeout(batch)
    batch = null
    const change = arrived
    arrived = null
    if (change) applyChange(change, false)
  }
  subscriber.on('message', (_channel, message) => {
    try {
      const { from, change } = JSON.parse(message)
      if (from === instanceId || !change) return
      arrived = mergeChanges(arrived, change)
      if (arrived.kind !== 'products') applyArrived()
      else batch ??= setTimeout(applyArrived, 200)
    } catch {
      log('warn', { msg: 'unreadable storefront change', message: String(message).slice(0, 200) })
    }
  })
}
globalThis.__wheelhouseStorefrontBus = {
  publish(change, { nextDone }) {
    applyChange(change, nextDone)
    publisher?.publish(STOREFRONT_CHANNEL, JSON.stringify({ from: instanceId, change })).catch((error) => log('warn', { msg: 'storefront change not published', err: String(error) }))
  },
  afterNext: forget,
}

// 404s are counted for staff (admin: Content › Not-found paths): batched here (server-lib/not-found-counts.mjs), sent
// every 10 s to an internal endpoint that only this process can call.
const notFound = createNotFoundCounter()
async function flushNotFound() {
  const hits = notFound.take()
  if (hits.length === 0) return
  await postInternal('/api/internal/not-found', { hits }, 'not-found paths')
}
// Searches, counted as they are answered, rendered or replayed from the response cache (server-lib/search-counts.mjs,
// ADR 039); the search page reports what each found as it renders. Sent every 10 s, like the 404s.
const searchCounter = createSearchCounter()
globalThis.__wheelhouseSearchCounter = { found: (q, products) => searchCounter.found(q, products) }
async function flushSearches() {
  const searches = searchCounter.take()
  if (searches.length === 0) return
  await postInternal('/api/internal/search-log', { at: new Date().toISOString(), searches }, 'searches')
}
function flushCounts() {
  return Promise.all([flushNotFound(), flushSearches()])
}
setInterval(flushCounts, 10_000).unref()

// One GraphQL request runs at a time per process (ADR 021): each is bounded by its limits, but reading products
// holds the event loop that every page and /api/health share (measured: two at once kept health waiting 0.6 s on a
// loaded machine). The slot is shared fairly (ADR 039): one request per client running or waiting (another from it is
// refused at once with 429), the rest wait in line for up to 5 s, first come first served, so a client looping the
// heaviest allowed query asks again behind everyone else instead of keeping them out.
function refuseGraphql(res, reason) {
  const client = reason === 'client'
  res.writeHead(client ? 429 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' })
  res.end(
    JSON.stringify({
      errors: [
        client
          ? { message: 'One GraphQL request at a time from one address: wait for the answer to the last one.', extensions: { code: 'TOO_MANY_REQUESTS', statusCode: 429 } }
          : { message: 'The GraphQL API is busy with other requests; try again in a second.', extensions: { code: 'BUSY', statusCode: 503 } },
      ],
    }),
  )
}
const graphqlLimit = createInFlightLimit({
  max: 1,
  perClient: 1,
  queueMax: 32,
  waitMs: 5_000,
  matches: (req) => req.method === 'POST' && (req.url ?? '').split('?')[0] === '/api/graphql',
  clientOf: (req) => req.headers['x-wheelhouse-client-address'],
  refuse: refuseGraphql,
})
// Forms and their JSON twins: two at once and twenty in ten seconds from one client (server-lib/form-posts.mjs,
// ADR 081). The app's hourly limits decide what a client may do; this keeps its refused attempts from costing a
// render each.
const formPosts = createFormPostLimit({ clientOf: (req) => req.headers['x-wheelhouse-client-address'] })

// Server actions and the admin's server function that Next or Payload would answer with a 500 (a foreign Origin, an
// anonymous admin call, an id the build does not have) are refused here with a 4xx (server-lib/server-actions.mjs,
// ADR 039): the build's action ids from Next's manifest, other allowed origins as next.config lists them, checked by
// Next's own function.
function readBuildFile(...parts) {
  try {
    return fs.readFileSync(path.join(process.cwd(), '.next', ...parts), 'utf8')
  } catch {
    return null
  }
}
const knownActions = readKnownActions(readBuildFile('server', 'server-reference-manifest.json') ?? '')
let allowedOrigins = []
try {
  allowedOrigins = JSON.parse(readBuildFile('required-server-files.json') ?? '{}').config?.experimental?.serverActions?.allowedOrigins ?? []
} catch {
  allowedOrigins = []
}
const { isCsrfOriginAllowed } = createRequire(import.meta.url)('next/dist/server/app-render/csrf-protection')
// The session key is read when first needed: secrets.json may be written by the app after this module loads.
let sessionKey = null
const serverActionRules = {
  knownActions,
  originAllowed: (host) => isCsrfOriginAllowed(host, allowedOrigins),
  get sessionKey() {
    if (!sessionKey) {
      const key = payloadSecret(dataDir)
      sessionKey = key ? payloadSigningKey(key) : null
    }
    return sessionKey
  },
}

// Next 16 sends the Location header twice when a cached (ISR) page redirects on a cache miss
// ("/all-bikes, /all-bikes"), which browsers may read as one bad URL. Keep the first value.
function dedupeLocation(res) {
  const writeHead = res.writeHead
  res.writeHead = function (status, ...rest) {
    const current = res.getHeader('location')
    if (Array.isArray(current)) res.setHeader('location', current[0])
    const headers = rest.find((r) => r && typeof r === 'object')
    if (headers && !Array.isArray(headers)) {
      for (const key of Object.keys(headers)) {
        if (key.toLowerCase() !== 'location') continue
        if (Array.isArray(headers[key])) headers[key] = headers[key][0]
        if (res.hasHeader('location')) delete headers[key]
      }
    }
    return writeHead.call(this, status, ...rest)
  }
}

const server = http.createServer((req, res) => {
  const start = process.hrtime.bigint()
  const incoming = req.headers['x-request-id']
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  // Everything done for this request, however deep in Next or Payload, logs with its id.
  runWithRequest(requestId, () => answer(req, res, requestId, start))
})

function answer(req, res, requestId, start) {
  // Before anything reads them: Next-internal and rewriting headers a visitor must not send (ADR 021), and every
  // X-Forwarded-* header unless the peer is one of the proxies TRUST_PROXY names (ADR 036).
  const facts = connectionFacts(req, trust)
  stripUntrustedHeaders(req, { trustProxy: facts.viaProxy })
  req.headers['x-request-id'] = requestId
  // The client's address for the per-address limits (src/cms/auth/client-address.ts), always overwritten so a
  // client cannot choose it.
  req.headers['x-wheelhouse-client-address'] = facts.clientAddress
  res.setHeader('X-Request-Id', requestId)
  if (facts.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  dedupeLocation(res)
  closeAfterEarlyResponse(req, res)
  const family = routeFamily(req.url)
  res.on('finish', () => {
    metrics().httpDuration.observe({ family, method: req.method === 'HEAD' ? 'GET' : req.method === 'GET' || req.method === 'POST' ? req.method : 'other', status: `${Math.floor(res.statusCode / 100)}xx` }, Number(process.hrtime.bigint() - start) / 1e9)
    if (res.statusCode === 404 && req.method === 'GET') notFound.note(req)
    searchCounter.note(req, res)
    if (quietPaths.test(req.url ?? '') && res.statusCode < 400) return
    log(res.statusCode >= 500 ? 'error' : 'info', {
      msg: 'request',
      requestId,
      method: req.method,
      path: (req.url ?? '').split('?')[0],
      client: facts.clientAddress,
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
    })
  })
  if (family === 'metrics' && metricsAnswer(req, res)) return
  if (refuseBadServerAction(req, res, serverActionRules)) return
  if (formPosts.admit(req, res)) return
  // A possible server action's body is read and checked first (server-lib/action-body.mjs): Next answers one it cannot
  // decode with a 500. It then goes straight to Next (no other step here answers a POST to a page).
  const action = possibleAction(req)
  if (action) {
    checkActionBody(req, res, action.fetch, (again) => runWithRequest(requestId, () => toNext(again, res, requestId)))
    return
  }
  if (refuseOversizedApiQuery(req, res)) return
  // A GraphQL request that waits its turn goes straight on to Next when its turn comes (under its own request id: the
  // turn comes from the end of another request).
  if (graphqlLimit.admit(req, res, () => runWithRequest(requestId, () => toNext(req, res, requestId)))) return
  if (serveMediaFile(req, res, mediaDir)) return
  if (serveStaticAsset(req, res, staticDir)) return
  const cached = responseCache.serve(req, res)
  if (req.method === 'GET' && (family === 'home' || family.startsWith('page:'))) metrics().pageCache.inc({ result: cached ? 'hit' : 'miss' })
  if (cached) return
  toNext(req, res, requestId)
}

function toNext(req, res, requestId) {
  // After the response cache's capture: a stored page keeps the policy it was sent with.
  // The storefront's documents are drawn before their scripts are fetched (ADR 085); the admin is an application
  // that needs its code at once.
  const rewrite = /^\/admin(?:[/?#]|$)/.test(req.url ?? '') ? null : scriptsAfterPaint
  // Compressed once, after the documents are final (server-lib/compression.mjs).
  compressResponse(req, res)
  hashInlineScripts(req, res, { rewrite, onError: (error) => log('warn', { msg: 'inline scripts not hashed; the configured policy was sent', requestId, err: String(error) }) })
  handle(req, res).catch((error) => {
    void reportError(error, { requestId, path: (req.url ?? '').split('?')[0], method: req.method, where: 'server.mjs' })
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
    res.end('Internal Server Error')
  })
}
server.keepAliveTimeout = 65_000
// Connections and their requests, for a shutdown that never closes a connection the balancer may be sending on.
const connections = trackConnections(server)

// /metrics on a port of its own when METRICS_PORT is set (bound to METRICS_HOST, 127.0.0.1 by default).
const metricsServer = serveMetricsPort((fields) => log('info', fields))
server.listen(port, hostname, () => {
  const siteUrl = process.env.SITE_URL || `http://localhost:${port}`
  log('info', { msg: `Wheelhouse ready on http://localhost:${port}; sign-in works at ${new URL(siteUrl).origin}`, port, siteUrl, readyMs: Date.now() - startedAt })
})

function shutdown(signal) {
  if (stopping) return
  stopping = true
  log('info', { msg: 'shutting down', signal })
  const force = setTimeout(() => {
    log('warn', { msg: 'forced exit after 10 s with requests still open' })
    process.exit(1)
  }, 10_000)
  force.unref()
  // Behind a load balancer (SHUTDOWN_DRAIN_MS, set by the topology and the systemd units): keep answering for a
  // moment, every answer closing its connection (those in flight too), so the balancer stops pooling connections to
  // this instance; then stop listening, and the balancer sends what comes next to another instance (a refused
  // connection is safe to retry, ADR 026). Connections left open are closed only once idle for longer than the
  // balancer keeps one (server-lib/graceful-drain.mjs): closed sooner, a POST it sent in that instant would be lost.
  connections.beginDrain()
  const drainMs = Math.max(0, Math.min(Number(process.env.SHUTDOWN_DRAIN_MS || 0) || 0, 5_000))
  // Record the last 404s and searches while we can still reach ourselves, then stop taking connections.
  new Promise((resolve) => setTimeout(resolve, drainMs)).then(flushCounts).finally(() => {
    metricsServer?.close()
    // Right after the event loop's poll, which has just accepted every connection the kernel had queued: a
    // connection still queued when the listening socket closes is reset, with the balancer's request in it.
    setImmediate(() => {
      // Without a balancer (no drain asked for) nothing pools connections to us: idle ones close at once.
      connections.stop(
        () => {
          log('info', { msg: 'stopped cleanly' })
          process.exit(0)
        },
        drainMs === 0 ? { idleCloseMs: 0 } : {},
      )
    })
  })
}
// Promises nobody awaited: reported through the one error hook, and the process carries on (Node's default would
// end every request in flight).
process.on('unhandledRejection', (reason) => void reportError(reason, { where: 'unhandledRejection' }))
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
