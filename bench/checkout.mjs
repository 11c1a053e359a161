#!/usr/bin/env node
// Card-checkout throughput and latency of POST /api/checkout/orders, the existing build served on a throwaway SQLite and PostgreSQL database each. Usage: npm run bench:checkout
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { api, checkoutRequest, pgAdmin, PG_SERVER, prepareDatabase as prepare, serveShop, shopEnv, stopShop, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const PORT = 3430
const CONNECTIONS = 16
const SECONDS = 10
const STOCK = 1_000_000
const PRODUCT_SLUG = 'abus-bordo-6000' // a seeded simple product (a lock): parcel or collection, no variants
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1234' }
const SECRET = 'bench-only-secret-0123456789abcdef-0123'

// Undo steps of whatever is running (server, database, temp folder), newest first; also run on Ctrl-C.
const cleanups = []
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()()
    } catch (error) {
      console.error(`bench: clean-up step failed: ${error.message}`)
    }
  }
}
process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)))

const shopEnvFor = (databaseUrl, dir) => shopEnv({ databaseUrl, dir, port: PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off' } })

/** server.mjs on the existing build, stopped by the clean-up. */
async function serve(env, logFile) {
  const { base, child } = await serveShop(env, logFile)
  cleanups.push(() => stopShop(child))
  return base
}


/** Waits for every answer (`amount`, not `duration`): a request cut off at the end could still take stock unseen. */
function placeOrders(base, productId, amount) {
  return autocannon({
    url: `${base}/api/checkout/orders`,
    connections: CONNECTIONS,
    amount,
    requests: [checkoutRequest(productId)],
  })
}

const serverErrors = (logFile) => fs.readFileSync(logFile, 'utf8').split('\n').filter((line) => /"level":("error"|50)/.test(line))

async function benchDatabase(kind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-bench-${kind}-`))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  let databaseUrl = `file:${path.join(dir, 'shop.db')}`
  if (kind === 'postgres') {
    const name = `wheelhouse_bench_${Date.now()}`
    await pgAdmin(`CREATE DATABASE ${name}`)
    cleanups.push(() => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    const url = new URL(PG_SERVER)
    url.pathname = `/${name}`
    databaseUrl = url.href
  }
  const env = shopEnvFor(databaseUrl, dir)
  console.info(`bench: ${kind}: migrating and seeding a throwaway database (about 30 s)…`)
  await prepare(env)
  const logFile = path.join(dir, 'server.log')
  const base = await serve(env, logFile)

  const { token } = await api(base, null, 'POST', '/api/users/login', ADMIN)
  await waitForMonthlyFigures(base, token) // the seed's background quoting of the bikes (ADR 030) is not what is measured
  const found = await api(base, token, 'GET', `/api/products?where[slug][equals]=${PRODUCT_SLUG}&depth=0&limit=1`)
  const productId = found.docs[0]?.id
  if (!productId) throw new Error(`the seed has no product ${PRODUCT_SLUG}`)
  await api(base, token, 'PATCH', `/api/products/${productId}?depth=0`, { stockQuantity: STOCK })
  const stockNow = async () => (await api(base, token, 'GET', `/api/products/${productId}?depth=0`)).stockQuantity
  const ordersNow = async () => (await api(base, token, 'GET', '/api/orders?depth=0&limit=1')).totalDocs

  // The warm-up loads the route and sizes the measured run to about SECONDS at this database's pace.
  const warmUp = await placeOrders(base, productId, CONNECTIONS * 4)
  const amount = Math.max(CONNECTIONS * 10, Math.round((warmUp.requests.total / warmUp.duration) * SECONDS))
  const [stockBefore, ordersBefore] = [await stockNow(), await ordersNow()]
  console.info(`bench: ${kind}: ${amount} orders, ${CONNECTIONS} connections…`)
  const result = await placeOrders(base, productId, amount)
  const [stockAfter, ordersAfter] = [await stockNow(), await ordersNow()]

  const created = result.statusCodeStats['201']?.count ?? 0
  const dropped = stockBefore - stockAfter
  return {
    kind,
    row: [kind, Math.round(result.requests.total / result.duration), result.latency.p50, result.latency.p99, created, result.non2xx],
    check: `${kind}: stock ${stockBefore} → ${stockAfter}, dropped ${dropped}; 201 answers ${created}; new orders in the database ${ordersAfter - ordersBefore}: ${dropped === created && ordersAfter - ordersBefore === created ? 'match' : 'MISMATCH'}`,
    oddities: [
      ...Object.entries(result.statusCodeStats).filter(([code]) => code !== '201').map(([code, { count }]) => `${kind}: ${count} answers ${code}`),
      ...(result.errors || result.timeouts ? [`${kind}: ${result.errors} connection errors, ${result.timeouts} timeouts`] : []),
      ...serverErrors(logFile).slice(0, 5).map((line) => `${kind}: server: ${line.slice(0, 300)}`),
    ],
  }
}

const results = []
for (const kind of ['sqlite', 'postgres']) {
  if (kind === 'postgres') {
    try {
      await pgAdmin('SELECT 1')
    } catch (error) {
      results.push({ kind, row: [kind, `skipped: PostgreSQL not reachable at ${PG_SERVER} (${error.message})`, '', '', '', ''], check: `${kind}: not run`, oddities: [] })
      continue
    }
  }
  try {
    results.push(await benchDatabase(kind))
  } finally {
    await cleanUp()
  }
}

console.log('\n| database | requests/s (avg) | p50 ms | p99 ms | orders created (201) | non-2xx |\n|---|---|---|---|---|---|')
for (const r of results) console.log(`| ${r.row.join(' | ')} |`)
console.log('')
for (const r of results) console.log(`stock check ${r.check}`)
for (const line of results.flatMap((r) => r.oddities)) console.log(line)
console.log(
  `\nautocannon, ${CONNECTIONS} connections, about ${SECONDS} s per database after a warm-up, a new checkoutKey per request, one unit of one simple product, collection; loopback, same machine as the server (${os.cpus().length} cores); ${new Date().toISOString()}`,
)
