// The shop's Prometheus metrics: one registry per process, kept on globalThis so that server.mjs (which
// times requests and counts page-cache hits) and Next's app code (which counts orders, payments and webhook
// failures, and reads the jobs queue and the database pool when scraped) add to the same series. Served by
// server.mjs at /metrics, behind METRICS_TOKEN or on METRICS_PORT (see README, "Operating the shop").
import client from 'prom-client'

const KEY = Symbol.for('wheelhouse.metrics')

/** @typedef {() => Promise<void> | void} Collector */

// Every labelled counter's values, so that each series exists at 0 from the start: a series born at its first event
// has no earlier sample, and rate() or increase() over it miss that first event (the dashboard showed 0 orders after 2).
export const ORDER_PAYMENT_KINDS = /** @type {const} */ (['card', 'finance'])
export const PAYMENT_OUTCOMES = /** @type {const} */ (['taken', 'failed', 'refunded'])
export const PAYMENT_PROVIDERS = /** @type {const} */ (['test-gateway', 'stripe'])
export const WEBHOOK_FAILURE_REASONS = /** @type {const} */ (['bad_signature', 'not_applied'])
export const PAGE_CACHE_RESULTS = /** @type {const} */ (['hit', 'miss'])

/** Creates each counter's series at 0: every combination of the values given per label. */
function startAtZero(/** @type {import('prom-client').Counter<string>} */ counter, /** @type {Record<string, readonly string[]>} */ values) {
  /** @type {Array<Record<string, string>>} */
  let combinations = [{}]
  for (const [label, options] of Object.entries(values)) combinations = combinations.flatMap((c) => options.map((v) => ({ ...c, [label]: v })))
  for (const labels of combinations) counter.inc(labels, 0)
}

function create() {
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, prefix: 'wheelhouse_' })
  /** @type {Map<string, Collector>} */
  const collectors = new Map()
  const registers = [registry]
  const made = {
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
    backupLastSuccess: new client.Gauge({
      name: 'wheelhouse_backup_last_success_timestamp_seconds',
      help: 'When the last scheduled backup finished without error (Unix seconds; 0 when none has)',
      registers,
      async collect() {
        await collectors.get('backup')?.()
      },
    }),
    dataDiskFree: new client.Gauge({
      name: 'wheelhouse_data_disk_free_ratio',
      help: 'Share of the data folder’s file system still free for the shop (0 to 1)',
      registers,
      async collect() {
        await collectors.get('disk')?.()
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
  startAtZero(made.ordersPlaced, { payment: ORDER_PAYMENT_KINDS })
  startAtZero(made.payments, { outcome: PAYMENT_OUTCOMES })
  startAtZero(made.webhookFailures, { provider: PAYMENT_PROVIDERS, reason: WEBHOOK_FAILURE_REASONS })
  startAtZero(made.pageCache, { result: PAGE_CACHE_RESULTS })
  return made
}

/** @returns {ReturnType<typeof create>} */
export function metrics() {
  const store = /** @type {Record<symbol, unknown>} */ (globalThis)
  store[KEY] ??= create()
  return /** @type {ReturnType<typeof create>} */ (store[KEY])
}

/** Registers what refreshes a gauge when /metrics is scraped; errors leave the last value. */
export function onScrape(/** @type {'jobs' | 'db' | 'backup' | 'disk'} */ name, /** @type {Collector} */ fn) {
  metrics().collectors.set(name, async () => {
    try {
      await fn()
    } catch {
      // a scrape during shutdown or a database blip: keep the last value
    }
  })
}
