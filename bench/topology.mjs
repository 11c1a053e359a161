#!/usr/bin/env node
// One instance against two on PostgreSQL and Redis, side by side in one run. Both topologies are
// up at once, each on its own throwaway database (its own Redis namespace), and are measured in turns, three
// rounds, so a change in the machine's load falls on both alike; the table gives each figure's median.
// Set-ups: the single instance asked directly (as the one-process shop runs) and through the proxies, and
// two instances behind nginx with Varnish in front (ADR 014). Figures: requests/s and p99 for /all-bikes, a
// product page and card checkout, and memory per instance. Pages are asked for as a browser does
// (Accept-Encoding: gzip).
// Usage: npm run bench:topology [-- rounds]   (needs the production build: npm run build, or one npm start)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { api, checkoutRequest, shopEnv, throwawayPostgres } from '../scripts/shop-process.mjs'
import { startTopology } from '../scripts/topology.mjs'

const ROUNDS = Number(process.argv[2] ?? 3)
const SECONDS = 10
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1234' }
const SECRET = 'bench-only-secret-0123456789abcdef-0123'
const PRODUCT_SLUG = 'abus-bordo-6000'

function rssMb(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
    return Math.round(Number(line.split(/\s+/)[1]) / 1024)
  } catch {
    return NaN
  }
}

function load(url, connections, extra = {}) {
  return autocannon({ url, connections, duration: SECONDS, ...extra })
}

async function start(instances, port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-bench-topology-${instances}-`))
  const database = await throwawayPostgres('wheelhouse_bench_topology')
  const env = shopEnv({ databaseUrl: database.url, dir, port, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off', REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' } })
  console.info(`bench: ${instances} instance(s): migrating, seeding and starting…`)
  const topology = await startTopology({ env, dir, instances, port })
  const { token } = await api(topology.base, null, 'POST', '/api/users/login', ADMIN)
  const found = await api(topology.base, token, 'GET', `/api/products?where[slug][equals]=${PRODUCT_SLUG}&depth=0&limit=1`)
  const productId = found.docs[0].id
  await api(topology.base, token, 'PATCH', `/api/products/${productId}?depth=0`, { stockQuantity: 10_000_000 })
  const setups = instances === 1 ? [['one instance, direct', topology.instances[0].base], ['one instance behind the proxies', topology.base]] : [[`${instances} instances behind the proxies`, topology.base]]
  return {
    topology,
    setups,
    productId,
    async stop() {
      await topology.stop()
      await database.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One round of one set-up: warm, then measure the two pages and checkout. */
async function measure(base, productId) {
  const rows = []
  for (const [name, url] of [['/all-bikes', `${base}/all-bikes`], ['product page', `${base}/products/${PRODUCT_SLUG}`]]) {
    const headers = { 'accept-encoding': 'gzip' }
    await load(url, 10, { duration: 2, headers }) // warm every cache on the way
    const r = await load(url, 50, { headers })
    rows.push({ name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx })
  }
  await load(`${base}/api/checkout/orders`, 16, { duration: 2, requests: [checkoutRequest(productId)] })
  const r = await load(`${base}/api/checkout/orders`, 16, { requests: [checkoutRequest(productId)] })
  rows.push({ name: 'checkout (16 connections)', rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx })
  return rows
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const one = await start(1, 3600)
const two = await start(2, 3650)
const results = new Map() // "set-up|page" → rows of every round
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const shop of round % 2 ? [one, two] : [two, one]) {
      for (const [setup, base] of shop.setups) {
        console.info(`bench: round ${round}: ${setup}`)
        for (const row of await measure(base, shop.productId)) {
          const key = `${setup}|${row.name}`
          results.set(key, [...(results.get(key) ?? []), row])
        }
      }
    }
  }
  console.log(`\n| set-up | page | requests/s (median of ${ROUNDS}) | each round | p99 ms (median) | non-2xx |\n|---|---|---|---|---|---|`)
  for (const [key, rows] of results) {
    const [setup, page] = key.split('|')
    const rps = rows.map((r) => Math.round(r.rps))
    console.log(`| ${setup} | ${page} | ${median(rps)} | ${rps.join(', ')} | ${median(rows.map((r) => r.p99))} | ${rows.reduce((a, r) => a + r.non2xx, 0)} |`)
  }
  console.log('')
  for (const shop of [one, two]) console.log(`${shop.topology.instances.length} instance(s): RSS per instance after the run ${shop.topology.instances.map((i) => `${rssMb(i.child.pid)} MB`).join(', ')}`)
  console.log(`\nautocannon ${SECONDS} s per row after a 2 s warm-up, 50 connections for pages, 16 for checkout (a new key and email per order); both topologies up at once, measured in turns; Varnish, nginx, PostgreSQL and Redis on the same ${os.cpus().length}-core machine; ${new Date().toISOString()}`)
} finally {
  await one.stop()
  await two.stop()
}
