#!/usr/bin/env node
// The catalogue's growth curve: for each database and catalogue size, a throwaway shop is migrated and
// seeded (the 65 demo products), the existing production build is served on it, and the generated dealer feed
// (bench/catalogue-fixture.mjs) is imported through the admin's upload. Then, against that server:
//   - import rows/s, the feed uploaded as a manager would (admin › Catalogue imports) and run by the shop's runner;
//   - uncached p50/p99 of /all-bikes, a deep category, a brand, /search?q=…, a product page: every request a URL
//     neither cache has seen (a price ceiling above every price that changes per request; search words with
//     trailing punctuation, which search ignores; a product not asked for before);
//   - the sitemap: the index and every file it lists, each asked for once (since ADR 042 from the stored copy the
//     import's rebuild job wrote, waited for like the monthly figures: file reads, the build not timed);
//   - the admin's product list (/admin/collections/products, signed in as staff), page by page;
//   - cached requests/s of the same pages (autocannon, 10 connections, 5 s each);
//   - card-checkout requests/s (autocannon, 16 connections, as bench/checkout.mjs);
//   - the shop process's peak RSS over all of it (VmHWM).
// Pages are timed after the background work the import queued (the monthly-figure refresh) has finished; its length
// is reported.
// Usage: node bench/catalogue-scale.mjs [--db sqlite|postgres|both] [--sizes 65,10000,100000] [--requests 300]
//   [--node-flags '--max-semi-space-size=32'] (more Node flags for the shop, to compare a setting)
//   [--heap-snapshot DIR] (a heap snapshot of the shop after the cached pages, one per database and size, into DIR)
//   - the Merchant feed read whole after the import: no motorcycle, scooter or non-EAPC e-bike in it, every imported
//     bicycle and EAPC e-bike in it, each e-bike with its assisted top speed (the run fails otherwise);
// Needs a production build (`npm run build`, or `npm start` once). Loopback only; run it on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { BENCH_SECRET, cpuMs, option, peakRssMb, percentile, SUGGEST_WARM_UP, TYPED, uncachedSearchUrl } from './bench-lib.mjs'
import { writeCatalogueCsv } from './catalogue-fixture.mjs'
import { api, checkoutRequest, prepareDatabase, serveShop, shopEnv, stopShop, throwawayPostgres, waitForFeedsBuilt, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const arg = option
const DBS = arg('db', 'both') === 'both' ? ['sqlite', 'postgres'] : [arg('db')]
const SIZES = arg('sizes', '65,10000,100000').split(',').map(Number)
// 300 samples a figure: p99 is then the third slowest request. Of 100 (sessions 14–17) it was the slowest, a single
// collector pause or background pass, and moved by tens of ms between identical runs.
const REQUESTS = Number(arg('requests', '300'))
const NODE_FLAGS = arg('node-flags', '').split(' ').filter(Boolean)
const HEAP_DIR = arg('heap-snapshot', null)
const PORT = 3470
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1234' }
const SECRET = BENCH_SECRET
const CHECKOUT_SLUG = 'abus-bordo-6000' // a seeded simple product, as bench/checkout.mjs

const pct = percentile
const ms = (n) => (n === undefined ? '–' : n.toFixed(0))

async function timed(url, headers = {}) {
  const started = performance.now()
  const res = await fetch(url, { headers: { accept: 'text/html', ...headers } })
  const body = await res.text()
  return { ms: performance.now() - started, status: res.status, body }
}

const WARM_UP = 5

/**
 * p50/p99 over `n` requests, each to a URL made by `urlOf(i)`; non-200 answers are counted, not timed away. First
 * WARM_UP requests of the same shape to URLs of their own (`warmUrlOf(k)`, by default `urlOf(n + k)`), untimed: the
 * first requests of a route's shape compile its code (273–703 ms, then tens of ms), and with 100 samples p99 is the
 * slowest one, so without them p99 measured the first request. First requests after a start are reported apart.
 */
async function latency(n, urlOf, headers, warmUrlOf = (k) => urlOf(n + k)) {
  for (let k = 0; k < WARM_UP; k++) await timed(warmUrlOf(k), headers)
  const times = []
  let bad = 0
  for (let i = 0; i < n; i++) {
    const r = await timed(urlOf(i), headers)
    times.push(r.ms)
    if (r.status !== 200) bad++
  }
  times.sort((a, b) => a - b)
  return { n: times.length, p50: pct(times, 50), p99: pct(times, 99), bad }
}

/**
 * Cached requests/s of one page, asked for as autocannon asks by default (no Accept-Encoding: the whole page each
 * time) and as a browser asks (gzip), with the page's size each way: a cached page's rate follows its bytes.
 * With them, the shop's own CPU per gzip request over the same run. autocannon shares the machine's two cores
 * with the shop and spends more CPU per response than the shop does (about 0.17 against 0.09 ms for a 13 KB gzip
 * page), and more the larger the page, so its req/s falls with page size whatever the shop does; the shop's CPU per
 * request is what the shop itself costs.
 */
async function cachedRps(url, pid) {
  const rate = async (headers) => {
    const first = await fetch(url, { headers })
    const bytes = (await first.arrayBuffer()).byteLength // fetch decodes: the identity size either way
    const before = cpuMs(pid)
    const result = await autocannon({ url, connections: 10, duration: 5, headers })
    const cpuPerRequestMs = (cpuMs(pid) - before) / Math.max(1, result.requests.total)
    return { rps: Math.round(result.requests.average), bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)), pageBytes: bytes, non2xx: result.non2xx, cpuPerRequestMs }
  }
  const identity = await rate({ accept: 'text/html' })
  const gzip = await rate({ accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' })
  return { rps: identity.rps, gzipRps: gzip.rps, bytes: identity.bytesPerResponse, gzipBytes: gzip.bytesPerResponse, non2xx: identity.non2xx + gzip.non2xx, gzipCpuMs: gzip.cpuPerRequestMs }
}

async function productSlugs(base, want) {
  const slugs = []
  for (let page = 1; slugs.length < want; page++) {
    const res = await fetch(`${base}/api/products?limit=100&depth=0&page=${page}&sort=-id&select[slug]=true&where[status][equals]=active`)
    const json = await res.json()
    slugs.push(...json.docs.map((d) => d.slug))
    if (!json.hasNextPage) break
  }
  return slugs.slice(0, want)
}

async function sitemapTimes(base) {
  const index = await timed(`${base}/sitemap.xml`, { accept: 'application/xml' })
  const files = [...index.body.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
  let urls = files.length ? 0 : (index.body.match(/<url>/g) ?? []).length
  let slowest = index.ms
  for (const file of files) {
    const r = await timed(`${base}${file}`, { accept: 'application/xml' })
    urls += (r.body.match(/<url>/g) ?? []).length
    slowest = Math.max(slowest, r.ms)
    if (r.status !== 200) throw new Error(`${file} answered ${r.status}`)
  }
  return { files: files.length, urls, indexMs: index.ms, slowestMs: slowest }
}

/**
 * Reads the whole Merchant feed and checks it against what the feed imported: no motorcycle, scooter or non-EAPC
 * e-bike is offered (Google refuses motor vehicles), and every e-bike offered states its assisted top speed. The
 * fixture's bikes carry a seeded picture, so they reach the feed; answers the counts, or throws naming the first
 * item that breaks a rule.
 */
async function merchantFeedCheck(base, bikes) {
  const res = await fetch(`${base}/feeds/google-merchant.xml`)
  if (res.status !== 200) throw new Error(`the Merchant feed answered ${res.status}`)
  const xml = await res.text()
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1])
  const counts = { items: items.length, bicycles: 0, ebikes: 0 }
  for (const item of items) {
    const id = /<g:id>([^<]*)<\/g:id>/.exec(item)?.[1] ?? ''
    const bike = bikes.get(id)
    if (!bike) continue
    if (bike.kind === 'motorcycle' || bike.kind === 'scooter') throw new Error(`the Merchant feed offers ${id}, a ${bike.kind}`)
    if (bike.kind === 'e-bike' && !bike.eapc) throw new Error(`the Merchant feed offers ${id}, an e-bike that is not an EAPC`)
    if (bike.kind === 'e-bike' && !/<g:attribute_name>Assisted top speed<\/g:attribute_name><g:attribute_value>[\d.]+ mph</.test(item)) throw new Error(`the Merchant feed offers e-bike ${id} without its assisted top speed`)
    counts[bike.kind === 'e-bike' ? 'ebikes' : 'bicycles'] += 1
  }
  const expected = { bicycles: [...bikes.values()].filter((b) => b.kind === 'bicycle').length, ebikes: [...bikes.values()].filter((b) => b.kind === 'e-bike' && b.eapc).length }
  if (counts.bicycles !== expected.bicycles || counts.ebikes !== expected.ebikes) throw new Error(`the Merchant feed offers ${counts.bicycles} of ${expected.bicycles} bicycles and ${counts.ebikes} of ${expected.ebikes} EAPC e-bikes imported`)
  return counts
}

/** Asks the shop for a heap snapshot (--heapsnapshot-signal) and waits until V8 has written it; renamed for its run. */
async function heapSnapshot(pid, label) {
  fs.mkdirSync(HEAP_DIR, { recursive: true })
  const before = new Set(fs.readdirSync(HEAP_DIR))
  process.kill(pid, 'SIGUSR2')
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 1000))
    const written = fs.readdirSync(HEAP_DIR).find((f) => f.endsWith('.heapsnapshot') && !before.has(f))
    if (!written) continue
    const file = path.join(HEAP_DIR, written)
    const size = fs.statSync(file).size
    await new Promise((r) => setTimeout(r, 2000))
    if (size === 0 || fs.statSync(file).size !== size) continue // still being written
    fs.renameSync(file, path.join(HEAP_DIR, `${label}.heapsnapshot`))
    console.info(`heap snapshot: ${path.join(HEAP_DIR, `${label}.heapsnapshot`)} (${Math.round(size / 1e6)} MB)`)
    return
  }
  console.error('heap snapshot: none written within 10 minutes')
}

async function benchOne(kind, size) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-scale-${kind}-`))
  const cleanups = [() => fs.rmSync(dir, { recursive: true, force: true })]
  try {
    let databaseUrl = `file:${path.join(dir, 'shop.db')}`
    if (kind === 'postgres') {
      const db = await throwawayPostgres('wheelhouse_scale')
      databaseUrl = db.url
      cleanups.push(db.drop)
    }
    const env = shopEnv({ databaseUrl, dir, port: PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off' } })
    await prepareDatabase(env)
    const row = { db: kind, size }
    const logFile = path.join(dir, 'server.log')
    // Next's data cache (unstable_cache) is kept in the build's directory and outlives the process, and a new process
    // does not know which tags an earlier one made stale: a page read in an earlier run (another database, another
    // catalogue) would answer this run's "uncached" requests. Each shop starts without it.
    fs.rmSync(path.join(import.meta.dirname, '..', '.next', 'cache', 'fetch-cache'), { recursive: true, force: true })
    const heapFlags = HEAP_DIR ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.resolve(HEAP_DIR)}`] : []
    const { base, child } = await serveShop(env, logFile, 120_000, [...NODE_FLAGS, ...heapFlags])
    cleanups.unshift(() => stopShop(child))
    const { token } = await api(base, null, 'POST', '/api/users/login', ADMIN)
    let written = null
    if (size > 65) {
      // Through the admin's own upload (POST /api/catalogue/imports): the shop's runner does the import, so its rate
      // and the shop's peak memory are those of a manager importing the feed in the admin.
      const scale = size / 100_000
      const feed = path.join(dir, 'feed.csv')
      const picture = (await api(base, token, 'GET', '/api/media?limit=1&depth=0&sort=id')).docs[0]?.filename
      if (!picture) throw new Error('the seeded shop has no picture in its media library')
      written = writeCatalogueCsv(feed, { bikes: Math.max(20, Math.round(2000 * scale)), products: Math.max(10, Math.round(20000 * scale)), variants: size, bikePicture: picture })
      const form = new FormData()
      form.set('file', new Blob([fs.readFileSync(feed)], { type: 'text/csv' }), 'feed.csv')
      const started = performance.now()
      const sent = await fetch(`${base}/api/catalogue/imports`, { method: 'POST', headers: { authorization: `JWT ${token}` }, body: form })
      const answer = await sent.json()
      if (sent.status !== 201) throw new Error(`upload answered ${sent.status}: ${JSON.stringify(answer).slice(0, 500)}`)
      let record
      for (;;) {
        await new Promise((r) => setTimeout(r, 1000))
        record = await api(base, token, 'GET', `/api/catalogue-imports/${answer.importId}?depth=0`)
        if (record.status === 'done' || record.status === 'failed' || performance.now() - started > 60 * 60_000) break
      }
      if (record.status !== 'done' || record.refusedCount > 0) throw new Error(`import ${record.status}: ${record.error ?? ''} (${record.refusedCount} refused)`)
      row.importRowsPerSecond = Math.round(record.total / ((performance.now() - started) / 1000))
      row.importRows = record.total
      row.rssAfterImportMb = peakRssMb(child.pid)
    }

    // The import (and a new shop's seed) queued a monthly-figure refresh of the bikes (ADR 030): the shop's
    // runner quotes each one, resting as long as each took. Its length is reported, and the pages are timed once it
    // has finished, on the catalogue as customers meet it every other hour of the day.
    row.refreshSeconds = await waitForMonthlyFigures(base, token)
    // The import's rebuild of the sitemap and the Merchant feed (ADR 042) runs in the background too: not timed beside the pages.
    await waitForFeedsBuilt(base, token)
    if (written) row.merchant = await merchantFeedCheck(base, written.bikeKinds)

    const slugs = await productSlugs(base, REQUESTS + WARM_UP) // the last WARM_UP warm the product page up
    row.coldHomeMs = (await timed(`${base}/`)).ms // the first request loads the app's code
    row.coldAllBikesMs = (await timed(`${base}/all-bikes`)).ms
    row.coldCategoryMs = (await timed(`${base}/category/motorcycles`)).ms
    const ceiling = (i) => 900_000 - i // pounds; above every price, different every request
    row.allBikes = await latency(REQUESTS, (i) => `${base}/all-bikes?max=${ceiling(i)}`)
    // The monthly budget filter (ADR 030): a different budget every request, so none is answered from a cache.
    const terms = [24, 36, 48, 60]
    row.budget = await latency(REQUESTS, (i) => `${base}/all-bikes?monthly=${150 + (i % 200)}&deposit=${500 + 10 * i}&term=${terms[i % terms.length]}`)
    row.category = await latency(REQUESTS, (i) => `${base}/category/riderwear/helmets?max=${ceiling(i)}`)
    row.brand = await latency(REQUESTS, (i) => `${base}/brand/honda?max=${ceiling(i)}`)
    row.search = await latency(REQUESTS, (i) => uncachedSearchUrl(base, i))
    row.suggest = await latency(Math.min(REQUESTS, TYPED.length), (i) => `${base}/api/search/suggest?q=${encodeURIComponent(TYPED[i])}`, { accept: 'application/json' }, (k) => `${base}/api/search/suggest?q=${SUGGEST_WARM_UP[k]}`)
    row.product = await latency(Math.max(1, slugs.length - WARM_UP), (i) => `${base}/products/${slugs[i] ?? slugs[0]}`)
    row.sitemap = await sitemapTimes(base)

    await timed(`${base}/admin/collections/products`, { cookie: `payload-token=${token}` }) // the admin's code loads once
    const adminPages = Math.min(20, Math.max(1, Math.floor(slugs.length / 10)))
    row.admin = await latency(adminPages, (i) => `${base}/admin/collections/products?page=${i + 1}&limit=10`, { cookie: `payload-token=${token}` })

    row.cached = {
      allBikes: await cachedRps(`${base}/all-bikes`, child.pid),
      category: await cachedRps(`${base}/category/riderwear/helmets`, child.pid),
      brand: await cachedRps(`${base}/brand/honda`, child.pid),
      product: await cachedRps(`${base}/products/${slugs[0]}`, child.pid),
      search: await cachedRps(`${base}/search?q=honda`, child.pid),
    }

    const found = await api(base, token, 'GET', `/api/products?where[slug][equals]=${CHECKOUT_SLUG}&depth=0&limit=1`)
    const productId = found.docs[0]?.id
    await api(base, token, 'PATCH', `/api/products/${productId}?depth=0`, { stockQuantity: 1_000_000 })
    await autocannon({ url: `${base}/api/checkout/orders`, connections: 16, amount: 64, requests: [checkoutRequest(productId)] })
    const checkout = await autocannon({ url: `${base}/api/checkout/orders`, connections: 16, duration: 8, requests: [checkoutRequest(productId)] })
    row.checkout = { rps: Math.round(checkout.requests.total / checkout.duration), p99: checkout.latency.p99, created: checkout.statusCodeStats['201']?.count ?? 0, non2xx: checkout.non2xx }
    row.serverPeakRssMb = peakRssMb(child.pid)
    if (HEAP_DIR) await heapSnapshot(child.pid, `${kind}-${size}`) // last: writing it pauses the shop and raises its memory
    // Node's own warnings reach the log through stderr at level error (node-postgres' deprecation of a query sent
    // while another runs on the same client, for one): counted as warnings, not as failed requests.
    const errors = fs.readFileSync(logFile, 'utf8').split('\n').filter((l) => /"level":("error"|50)/.test(l) && !/Warning: /.test(l))
    row.serverErrors = errors.length
    if (errors.length) console.error(`${kind} ${size}: ${errors.length} server errors, first: ${errors[0].slice(0, 400)}`)
    return row
  } finally {
    for (const undo of cleanups) await Promise.resolve(undo()).catch((e) => console.error(`clean-up: ${e.message}`))
  }
}

const rows = []
for (const kind of DBS) {
  for (const size of SIZES) {
    console.error(`bench: ${kind} at ${size} variants…`)
    const row = await benchOne(kind, size)
    rows.push(row)
    console.error(JSON.stringify(row))
  }
}

const cell = (l) => `${ms(l.p50)} / ${ms(l.p99)}${l.bad ? ` (${l.bad} non-200)` : ''}`
console.log(`\nThe shop on Node ${process.version.slice(1)} (the Node running this bench; production's is 24: "$(node scripts/node24.mjs)" bench/…)`)
console.log('\nUncached, p50 / p99 ms (requests per figure: ' + REQUESTS + '; product pages: one per product, at most that many)\n')
console.log('| database | variants | import rows/s (in the shop) | shop RSS after import MB | monthly-figure refresh after it, s | /all-bikes | /all-bikes by monthly budget | deep category | brand | search | suggestions | product page | sitemap: files, URLs, slowest file ms | admin product list | shop peak RSS MB |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(`| ${r.db} | ${r.size} | ${r.importRowsPerSecond ?? '–'} | ${r.rssAfterImportMb ?? '–'} | ${r.refreshSeconds ?? '–'} | ${cell(r.allBikes)} | ${cell(r.budget)} | ${cell(r.category)} | ${cell(r.brand)} | ${cell(r.search)} | ${cell(r.suggest)} | ${cell(r.product)} | ${r.sitemap.files}, ${r.sitemap.urls}, ${ms(r.sitemap.slowestMs)} | ${cell(r.admin)} | ${r.serverPeakRssMb} |`)
}
console.log('\nCached requests/s (autocannon, 10 connections, 5 s each): whole page / gzip as a browser asks, with KB per response each way, and the shop\'s CPU ms per gzip request; card checkout (16 connections, 8 s)\n')
console.log('| database | variants | /all-bikes | deep category | brand | product page | search | checkout req/s | checkout p99 ms | orders created | server errors |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
const kb = (b) => (b / 1024).toFixed(0)
const rates = (c) => `${c.rps} / ${c.gzipRps} (${kb(c.bytes)} / ${kb(c.gzipBytes)} KB; ${c.gzipCpuMs.toFixed(3)} ms)`
for (const r of rows) {
  const c = r.cached
  console.log(`| ${r.db} | ${r.size} | ${rates(c.allBikes)} | ${rates(c.category)} | ${rates(c.brand)} | ${rates(c.product)} | ${rates(c.search)} | ${r.checkout.rps} | ${r.checkout.p99} | ${r.checkout.created} | ${r.serverErrors} |`)
}
console.log('\nThe first requests after the shop starts (ms): home, then /all-bikes, then /category/motorcycles\n')
console.log('| database | variants | home | /all-bikes | category |\n|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.db} | ${r.size} | ${ms(r.coldHomeMs)} | ${ms(r.coldAllBikesMs)} | ${ms(r.coldCategoryMs)} |`)
console.log('\nThe Merchant feed after the import: its offers, and the imported bicycles and EAPC e-bikes among them (no motor vehicle, every e-bike with its speed: checked)\n')
console.log('| database | variants | offers | bicycles | EAPC e-bikes |\n|---|---|---|---|---|')
for (const r of rows) if (r.merchant) console.log(`| ${r.db} | ${r.size} | ${r.merchant.items} | ${r.merchant.bicycles} | ${r.merchant.ebikes} |`)
console.log(`\n${os.cpus().length} cores, loopback, same machine as the server; ${new Date().toISOString()}`)
