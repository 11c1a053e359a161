// The production server: Next.js behind a thin HTTP layer that adds request ids, JSON access logs,
// HSTS behind HTTPS, and a graceful shutdown on SIGTERM (finish in-flight requests, then exit).
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import next from 'next'

const port = Number(process.env.PORT || 3000)
const hostname = process.env.HOST || '0.0.0.0'
const trustProxy = process.env.TRUST_PROXY === 'true' || process.env.TRUST_PROXY === '1'
const quietPaths = /^\/(_next\/static|favicon|icons\/)/
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/

process.env.NODE_ENV = 'production'
const app = next({ dev: false, hostname, port })
const handle = app.getRequestHandler()

function log(level, fields) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), service: 'wheelhouse', ...fields })}\n`)
}

let stopping = false
const startedAt = Date.now()
await app.prepare()

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
  req.headers['x-request-id'] = requestId
  res.setHeader('X-Request-Id', requestId)
  if (stopping) res.setHeader('Connection', 'close')
  const https = trustProxy ? req.headers['x-forwarded-proto'] === 'https' : Boolean(req.socket.encrypted)
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  dedupeLocation(res)
  res.on('finish', () => {
    if (quietPaths.test(req.url ?? '') && res.statusCode < 400) return
    log(res.statusCode >= 500 ? 'error' : 'info', {
      msg: 'request',
      requestId,
      method: req.method,
      path: (req.url ?? '').split('?')[0],
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
    })
  })
  handle(req, res).catch((error) => {
    log('error', { msg: 'unhandled request error', requestId, err: String(error?.stack ?? error) })
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
    res.end('Internal Server Error')
  })
})
server.keepAliveTimeout = 65_000

server.listen(port, hostname, () => {
  log('info', { msg: `Wheelhouse ready on http://localhost:${port}`, port, readyMs: Date.now() - startedAt })
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
  server.close(() => {
    log('info', { msg: 'stopped cleanly' })
    process.exit(0)
  })
  // Keep-alive sockets go idle once their last response is sent; close them as they do.
  server.closeIdleConnections()
  setInterval(() => server.closeIdleConnections(), 100).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
