// GET /metrics: the Prometheus text of src/lib/observe/metrics.mjs, for an operator's scraper only.
// Two ways to expose it, both off by default:
// - METRICS_TOKEN: the shop's own port answers /metrics to `Authorization: Bearer <token>`; anyone else gets the
//   same 404 as when metrics are off, so the endpoint's existence is not advertised;
// - METRICS_PORT: a second listener (on METRICS_HOST, 127.0.0.1 by default) that answers /metrics to anyone who can
//   reach it, for a scraper on the same host or private network.
import { timingSafeEqual, createHash } from 'node:crypto'
import http from 'node:http'
import { metrics } from '../src/lib/observe/metrics.mjs'

const digest = (value) => createHash('sha256').update(value).digest()

function tokenMatches(header, token) {
  const match = /^Bearer\s+(\S+)$/i.exec(String(header ?? ''))
  return Boolean(match) && timingSafeEqual(digest(match[1]), digest(token))
}

async function send(res, method) {
  const { registry } = metrics()
  const body = await registry.metrics()
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
  res.end(method === 'HEAD' ? undefined : body)
}

function refuse(res, status, message) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(message)
}

/** Answers /metrics on the shop's port when METRICS_TOKEN is set; returns false to let the request go on (a 404). */
export function metricsAnswer(req, res, token = process.env.METRICS_TOKEN?.trim()) {
  if (!token || (req.url ?? '').split('?')[0] !== '/metrics') return false
  if (!tokenMatches(req.headers.authorization, token)) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    refuse(res, 405, 'Method not allowed')
    return true
  }
  send(res, req.method).catch(() => refuse(res, 500, 'metrics unavailable'))
  return true
}

/** Starts the separate metrics listener when METRICS_PORT is set; returns it (or null). */
export function serveMetricsPort(onListening, port = Number(process.env.METRICS_PORT || 0), host = process.env.METRICS_HOST || '127.0.0.1') {
  if (!port) return null
  const server = http.createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/metrics') return refuse(res, 404, 'Not found')
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed')
    send(res, req.method).catch(() => refuse(res, 500, 'metrics unavailable'))
  })
  server.listen(port, host, () => onListening?.({ msg: `metrics on http://${host}:${port}/metrics`, metricsPort: port }))
  return server
}
