#!/usr/bin/env node
// Launch day: 50 connections browse /all-bikes and product pages while 16 connections check out,
// on the existing build, SQLite and PostgreSQL. Browsing should stay cached through the checkout burst,
// because a sale makes stale only the pages of the products it touched (ADR 008).
// Usage: npm run bench:mixed   (needs the production build)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { api, checkoutRequest, pgAdmin, prepareDatabase, serveShop, shopEnv, stopShop, throwawayPostgres } from '../scripts/shop-process.mjs'

const PORT = 3610
const SECONDS = 15
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1234' }
const SECRET = 'bench-only-secret-0123456789abcdef-0123'
const BOUGHT = 'abus-bordo-6000' // the checkouts buy this lock; the browsing reads other pages too
const BROWSED = ['/all-bikes', '/all-bikes?condition=used', '/products/trek-fx-2', '/products/abus-bordo-6000', '/products/cube-attain-race', '/brand/trek']

async function measure(kind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-bench-mixed-${kind}-`))
  const database = kind === 'postgres' ? await throwawayPostgres('wheelhouse_bench_mixed') : null
  const env = shopEnv({ databaseUrl: database?.url ?? `file:${path.join(dir, 'shop.db')}`, dir, port: PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off' } })
  console.info(`bench: ${kind}: migrating, seeding and starting…`)
  await prepareDatabase(env)
  const { base, child } = await serveShop(env, path.join(dir, 'server.log'))
  try {
    const { token } = await api(base, null, 'POST', '/api/users/login', ADMIN)
    const productId = (await api(base, token, 'GET', `/api/products?where[slug][equals]=${BOUGHT}&depth=0&limit=1`)).docs[0].id
    await api(base, token, 'PATCH', `/api/products/${productId}?depth=0`, { stockQuantity: 1_000_000 })
    let i = 0
    const browse = () => autocannon({ url: base, connections: 50, duration: SECONDS, requests: [{ setupRequest: (r) => ({ ...r, path: BROWSED[i++ % BROWSED.length] }) }] })
    await autocannon({ url: base, connections: 10, duration: 3, requests: [{ setupRequest: (r) => ({ ...r, path: BROWSED[i++ % BROWSED.length] }) }] }) // warm the caches
    const quiet = await browse()
    const [busy, checkout] = await Promise.all([
      browse(),
      autocannon({
        url: `${base}/api/checkout/orders`,
        connections: 16,
        duration: SECONDS,
        requests: [checkoutRequest(productId)],
      }),
    ])
    return [
      [kind, 'browsing alone', Math.round(quiet.requests.average), quiet.latency.p99, quiet.non2xx],
      [kind, 'browsing during checkouts', Math.round(busy.requests.average), busy.latency.p99, busy.non2xx],
      [kind, 'checkouts (16 connections)', Math.round(checkout.requests.average), checkout.latency.p99, checkout.non2xx],
    ]
  } finally {
    await stopShop(child)
    await database?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const rows = []
// `npm run bench:mixed -- sqlite` (or postgres) measures one database only.
const kinds = ['sqlite', 'postgres'].filter((k) => !process.argv[2] || k === process.argv[2])
for (const kind of kinds) {
  if (kind === 'postgres') {
    try {
      await pgAdmin('SELECT 1')
    } catch {
      rows.push([kind, 'skipped: PostgreSQL not reachable', '', '', ''])
      continue
    }
  }
  rows.push(...(await measure(kind)))
}
console.log('\n| database | load | requests/s (avg) | p99 ms | non-2xx |\n|---|---|---|---|---|')
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
console.log(`\nautocannon ${SECONDS} s: 50 connections over ${BROWSED.length} storefront URLs, with and without 16 connections checking out one product; ${os.cpus().length} cores; ${new Date().toISOString()}`)
