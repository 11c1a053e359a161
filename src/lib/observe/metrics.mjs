// The shop's Prometheus metrics (issue 27 §3): one registry per process, kept on globalThis so that server.mjs (which
// times requests and counts page-cache hits) and Next's app code (which counts orders, payments and webhook
// failures, and reads the jobs queue and the database pool when scraped) add to the same series. Served by
// server.mjs at /metrics, behind METRICS_TOKEN or on METRICS_PORT (see README, "Operating the shop").
import client from 'prom-client'

const KEY = Symbol.for('wheelhouse.metrics')

/** @typedef {() => Promise<void> | void} Collector */

function create() {
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, prefix: 'wheelhouse_' })
  /** @type {Map<string, Collector>} */
  const collectors = new Map()
  const registers = [registry]
  return {
    registry,
    collectors,
    httpDuration: new client.Histogram({
      name: 'wheelhouse_http_request_duration_seconds',
      help: 'Time to answer a request, by route family (a fixed set: see server-lib/route-family.mjs), method and status class',
      labelNames: ['family', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ordersPlaced: new client.Counter({ name: 'wheelhouse_orders_placed_total', help: 'Orders placed, by how they are paid', labelNames: ['payment'], registers }),
    payments: new client.Counter({
      name: 'wheelhouse_payments_total',
      help: 'Payments by outcome: taken (an order or deposit paid), failed (declined or abandoned), refunded (money sent back)',
      labelNames: ['outcome'],
      registers,
    }),
    webhookFailures: new client.Counter({ name: 'wheelhouse_webhook_failures_total', help: 'Payment webhooks refused or failed, by provider and reason', labelNames: ['provider', 'reason'], registers }),
    pageCache: new client.Counter({ name: 'wheelhouse_page_cache_requests_total', help: 'Page requests the response cache answered (hit) or passed to Next (miss)', labelNames: ['result'], registers }),
    jobsDepth: new client.Gauge({
      name: 'wheelhouse_jobs_queue_depth',
      help: 'Jobs waiting to run or running (not completed, not failed for good)',
      registers,
      async collect() {
        await collectors.get('jobs')?.()
      },
    }),
    jobsOldestAge: new client.Gauge({ name: 'wheelhouse_jobs_oldest_age_seconds', help: 'Age of the oldest job still waiting or running (0 when none)', registers }),
    dbPool: new client.Gauge({
      name: 'wheelhouse_db_pool_connections',
      help: 'Database connections by state (total, idle, waiting clients); SQLite has one connection',
      labelNames: ['state'],
      registers,
      async collect() {
        await collectors.get('db')?.()
      },
    }),
  }
}

/** @returns {ReturnType<typeof create>} */
export function metrics() {
  const store = /** @type {Record<symbol, unknown>} */ (globalThis)
  store[KEY] ??= create()
  return /** @type {ReturnType<typeof create>} */ (store[KEY])
}

/** Registers what refreshes a gauge when /metrics is scraped ('jobs' or 'db'); errors leave the last value. */
export function onScrape(/** @type {'jobs' | 'db'} */ name, /** @type {Collector} */ fn) {
  metrics().collectors.set(name, async () => {
    try {
      await fn()
    } catch {
      // a scrape during shutdown or a database blip: keep the last value
    }
  })
}
