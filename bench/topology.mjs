#!/usr/bin/env node
// One instance against two on PostgreSQL and Redis, side by side in one run (issue 13): the single instance
// asked directly (as the one-process shop runs) and through the proxies, then two instances behind nginx with
// Varnish in front (ADR 014); requests/s and p99 for /all-bikes, a product page and card checkout, and
// memory per instance. Pages are asked for as a browser does (Accept-Encoding: gzip).
// Usage: npm run bench:topology   (needs the production build: npm run build, or one npm start)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { api, checkoutRequest, shopEnv, throwawayPostgres } from '../scripts/shop-process.mjs'
import { startTopology } from '../scripts/topology.mjs'

const PROXY_PORT = 3600
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

async function measure(instances) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-bench-topology-${instances}-`))
  const database = await throwawayPostgres('wheelhouse_bench_topology')
  const env = shopEnv({ databaseUrl: database.url, dir, port: PROXY_PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off', REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' } })
  console.info(`bench: ${instances} instance(s): migrating, seeding and starting…`)
  const topology = await startTopology({ env, dir, instances, port: PROXY_PORT })
  try {
    const { token } = await api(topology.base, null, 'POST', '/api/users/login', ADMIN)
    const found = await api(topology.base, token, 'GET', `/api/products?where[slug][equals]=${PRODUCT_SLUG}&depth=0&limit=1`)
    const productId = found.docs[0].id
    await api(topology.base, token, 'PATCH', `/api/products/${productId}?depth=0`, { stockQuantity: 1_000_000 })
    const rows = []
    const targets = instances === 1 ? [['one instance, direct', topology.instances[0].base], ['one instance behind the proxies', topology.base]] : [[`${instances} instances behind the proxies`, topology.base]]
    for (const [setup, base] of targets) {
      for (const [name, url] of [['/all-bikes', `${base}/all-bikes`], ['product page', `${base}/products/${PRODUCT_SLUG}`]]) {
        const headers = { 'accept-encoding': 'gzip' }
        await load(url, 10, { duration: 2, headers }) // warm every cache on the way
        const r = await load(url, 50, { headers })
        rows.push([setup, name, Math.round(r.requests.average), r.latency.p99, r.non2xx])
      }
      await load(`${base}/api/checkout/orders`, 16, { duration: 2, requests: [checkoutRequest(productId)] })
      const r = await load(`${base}/api/checkout/orders`, 16, { requests: [checkoutRequest(productId)] })
      rows.push([setup, 'checkout (16 connections)', Math.round(r.requests.average), r.latency.p99, r.non2xx])
    }
    const memory = topology.instances.map((i) => rssMb(i.child.pid))
    return { rows, memory }
  } finally {
    await topology.stop()
    await database.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const results = []
for (const instances of [1, 2]) results.push(await measure(instances))
console.log('\n| set-up | page | requests/s (avg) | p99 ms | non-2xx |\n|---|---|---|---|---|')
for (const { rows } of results) for (const row of rows) console.log(`| ${row.join(' | ')} |`)
console.log('')
for (const [i, { memory }] of results.entries()) console.log(`${i + 1} instance(s): RSS per instance after the run ${memory.map((m) => `${m} MB`).join(', ')}`)
console.log(`\nautocannon ${SECONDS} s per row after a warm-up, 50 connections for pages, 16 for checkout (a new key and email per order); Varnish, nginx, PostgreSQL and Redis on the same ${os.cpus().length}-core machine; ${new Date().toISOString()}`)
