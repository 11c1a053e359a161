#!/usr/bin/env node
// ADR 035's last two floors, measured so that run-to-run noise cannot decide them: card-checkout throughput and
// cached-page throughput of the shop on the demo catalogue against the same shop on the large catalogue, measured
// in alternating rounds (A B B A …) on two shops that run side by side on the same build, Node flags and machine.
// A single 8 s run each (bench/catalogue-scale.mjs) moved by ±10% between identical runs (sessions 17 and 18).
//   - checkout: autocannon, 16 connections, 8 s a round, one unit of a simple product (as bench/checkout.mjs);
//   - cached pages: the five pages of catalogue-scale.mjs, asked for as a browser asks (gzip), 10 connections, 5 s a
//     round. Load comes from wrk when it is installed (apt-get install wrk): autocannon shares the two cores with
//     the shop and spends more CPU per response than the shop does, so its rate falls with the page's size whatever
//     the shop does. With each rate, the shop's own CPU per request (from /proc), the shop's cost whatever the client.
// With --solo, one shop at a time: each round starts the shop afresh, warms it, measures it and stops it, so that
// neither the other shop's process nor what this one served in earlier rounds is on the machine while it is measured
// (a dealer's instance serves one catalogue; side by side, the large shop measured 0.83–0.98 of the demo on the same
// replayed page, and alone the demo's rate: docs/perf-log.md, session 19).
// Usage: LARGE_ADMIN_EMAIL=… LARGE_ADMIN_PASSWORD=… node bench/demo-vs-large.mjs --large postgres://…/wheelhouse_large [--rounds 4] [--solo]
//          [--node-flags '--heap-growing-percent=0'] (Node flags added after the shop's own, for both shops)
//   or --large file:/path/large.db for SQLite (the demo is then a SQLite file too)
//   The large database is one `npm run seed:large` loaded (DATABASE_URL=… npm run seed:large), measured on a copy
//   made for the run (it stays as loaded; nothing may be connected to it); the demo database
//   is made here (migrated and seeded as `npm start` does) and dropped after. Needs a production build; loopback
//   only; run it on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { cachedPageRate, PAGE_LOAD } from './bench-lib.mjs'
import { api, checkoutRequest, prepareDatabase, serveShop, shopEnv, stopShop, throwawayPostgres, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : fallback
}
const LARGE_URL = arg('large', process.env.LARGE_DATABASE_URL)
const ROUNDS = Number(arg('rounds', '4'))
const SOLO = process.argv.includes('--solo')
const NODE_FLAGS = arg('node-flags', '').split(' ').filter(Boolean) // added after the shop's own, for both shops
if (!LARGE_URL) {
  console.error('Give the large catalogue database: --large postgres://postgres@127.0.0.1:5432/wheelhouse_large')
  process.exit(2)
}
const ADMIN = { email: 'admin@compare.test', password: 'compare-admin-password-1234' }
const SECRET = 'bench-only-secret-0123456789abcdef-0123'
const CHECKOUT_SLUG = 'abus-bordo-6000' // a seeded simple product, as bench/checkout.mjs
const PAGES = { allBikes: '/all-bikes', category: '/category/riderwear/helmets', brand: '/brand/honda', product: `/products/${CHECKOUT_SLUG}`, search: '/search?q=honda' }
async function checkoutRate(shop) {
  const result = await autocannon({ url: `${shop.base}/api/checkout/orders`, connections: 16, duration: 8, requests: [checkoutRequest(shop.productId)] })
  const created = result.statusCodeStats['201']?.count ?? 0
  if (result.non2xx) throw new Error(`checkout: ${result.non2xx} non-2xx answers`)
  return { rps: created / result.duration }
}

async function startShop(name, databaseUrl, port, prepare) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-compare-${name}-`))
  const env = shopEnv({ databaseUrl, dir, port, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off' } })
  if (prepare) await prepareDatabase(env)
  const { base, child } = await serveShop(env, path.join(dir, 'server.log'), 120_000, NODE_FLAGS)
  const shop = { name, base, child, dir }
  // the demo database's staff account is ADMIN (this script seeds it); the large one signs in with its own
  const { token } = await api(base, null, 'POST', '/api/users/login', name === 'demo' ? ADMIN : { email: process.env.LARGE_ADMIN_EMAIL ?? ADMIN.email, password: process.env.LARGE_ADMIN_PASSWORD ?? ADMIN.password })
  await waitForMonthlyFigures(base, token)
  const found = await api(base, token, 'GET', `/api/products?where[slug][equals]=${CHECKOUT_SLUG}&depth=0&limit=1`)
  shop.productId = found.docs[0]?.id
  if (!shop.productId) throw new Error(`${name}: no product ${CHECKOUT_SLUG}`)
  await api(base, token, 'PATCH', `/api/products/${shop.productId}?depth=0`, { stockQuantity: 1_000_000 })
  // warm: compile each route's code, fill the response cache, open the database pool
  for (const page of Object.values(PAGES)) for (let i = 0; i < 20; i++) await (await fetch(`${shop.base}${page}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })).arrayBuffer()
  await autocannon({ url: `${base}/api/checkout/orders`, connections: 16, amount: 64, requests: [checkoutRequest(shop.productId)] })
  return shop
}

// The demo catalogue on the same kind of database as the large one: a throwaway PostgreSQL database, or a SQLite file
// when the large catalogue is one (--large file:/path/to/large.db).
const demoDb = LARGE_URL.startsWith('file:') ? throwawaySqlite('demo') : await throwawayPostgres('wheelhouse_compare')
// The large catalogue is measured on a copy made for this run, dropped after: each run's checkouts add thousands of
// orders, and a run on the database itself started with every earlier run's orders against a demo made afresh.
const largeDb = LARGE_URL.startsWith('file:') ? throwawaySqlite('large', LARGE_URL.slice('file:'.length)) : await throwawayPostgres('wheelhouse_compare_large', LARGE_URL)
/** A SQLite file in a directory of its own, empty or a copy of `source` (with its WAL), and a function that removes it. */
function throwawaySqlite(name, source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-compare-${name}-db-`))
  const file = path.join(dir, `${name}.db`)
  if (source) for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, file + suffix)
  return { url: `file:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) }
}
const shops = []
const DEMO = { name: 'demo', url: demoDb.url, port: 3481 }
const LARGE = { name: 'large', url: largeDb.url, port: 3482 }
let demoPrepared = false
async function start(which) {
  const shop = await startShop(which.name, which.url, which.port, which === DEMO && !demoPrepared)
  if (which === DEMO) demoPrepared = true
  shops.push(shop)
  return shop
}
async function stop(shop) {
  shops.splice(shops.indexOf(shop), 1)
  await stopShop(shop.child)
  fs.rmSync(shop.dir, { recursive: true, force: true })
}
try {
  // the demo database is migrated and seeded by its first start, in either mode
  const running = SOLO ? [] : [await start(DEMO), await start(LARGE)]
  console.error(`${SOLO ? 'one shop at a time, started afresh each round' : 'two shops side by side'}; load from ${PAGE_LOAD}`)
  const samples = Object.fromEntries(['demo', 'large'].map((name) => [name, { checkout: [], ...Object.fromEntries(Object.keys(PAGES).map((p) => [p, []])) }]))
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [DEMO, LARGE] : [LARGE, DEMO] // A B, B A, …: neither always goes first
    for (const which of order) {
      const shop = SOLO ? await start(which) : running.find((s) => s.name === which.name)
      if (round === 0 || SOLO) console.error(`${which.name}: ${(await api(shop.base, null, 'GET', '/api/products?limit=1&depth=0&select[slug]=true')).totalDocs} products`)
      for (const [page, url] of Object.entries(PAGES)) samples[shop.name][page].push(await cachedPageRate(shop.child.pid, `${shop.base}${url}`))
      samples[shop.name].checkout.push(await checkoutRate(shop))
      if (SOLO) await stop(shop)
    }
    const last = (name, measure) => Math.round(samples[name][measure].at(-1).rps)
    console.error(`round ${round + 1}/${ROUNDS}: ${['checkout', ...Object.keys(PAGES)].map((m) => `${m} ${last('demo', m)}/${last('large', m)}`).join(', ')}`)
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
  const fmt = (xs) => `${Math.round(mean(xs))} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`
  console.log(`Rounds: ${ROUNDS}, alternating, ${SOLO ? 'one shop at a time, started afresh each round' : 'two shops side by side'}; cached pages by ${PAGE_LOAD} (gzip, 10 connections, 5 s), checkout by autocannon (16 connections, 8 s).`)
  console.log('')
  console.log('| measure | demo catalogue: mean (min–max) | large catalogue: mean (min–max) | large / demo | shop CPU per request, demo / large (ms) |')
  console.log('|---|---|---|---|---|')
  for (const measure of ['checkout', ...Object.keys(PAGES)]) {
    const d = samples.demo[measure]
    const l = samples.large[measure]
    const cpu = measure === 'checkout' ? '–' : `${mean(d.map((s) => s.cpuMs)).toFixed(3)} / ${mean(l.map((s) => s.cpuMs)).toFixed(3)}`
    const label = measure === 'checkout' ? 'card checkouts/s' : `${PAGES[measure]} req/s`
    console.log(`| ${label} | ${fmt(d.map((s) => s.rps))} | ${fmt(l.map((s) => s.rps))} | ${(mean(l.map((s) => s.rps)) / mean(d.map((s) => s.rps))).toFixed(2)} | ${cpu} |`)
  }
} finally {
  for (const shop of [...shops]) await stop(shop)
  await demoDb.drop()
  await largeDb.drop()
}
