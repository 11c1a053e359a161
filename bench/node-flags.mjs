#!/usr/bin/env node
// Whether a Node/V8 flag is worth adding to the shop's (scripts/shop-node-flags.mjs), measured as the shop serves a
// catalogue: uncached search latency (p50/p99 over unique searches, as bench/catalogue-scale.mjs asks them) with the
// full collections counted during them, and cached-page throughput with the shop's own CPU per request. One shop at a
// time, started afresh for each variant in each round, in alternating order (A B, B A, …): run side by side or always
// in the same order, whichever shop went first measured 10–50% faster (docs/perf-log.md, session 20).
// Usage: node bench/node-flags.mjs --db postgres://…/wheelhouse_large [--rounds 4] [--requests 300]
//          [--variant 'shop='] [--variant 'growing100=--heap-growing-percent=100'] …
//   A variant is name=flags, the flags added after the shop's own. Without --variant: the shop's flags against
//   --heap-growing-percent=100. The database is used as it is (a large catalogue: `npm run seed:large`); sign in as
//   its staff with ADMIN_EMAIL/ADMIN_PASSWORD. Needs a production build; cached pages are loaded by wrk when installed
//   (apt-get install wrk; bench/bench-lib.mjs); loopback only; run it on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BENCH_SECRET, cachedPageRate, existingDatabase, LARGE_ADMIN, option, options, PAGE_LOAD, peakRssMb, percentile, uncachedSearchUrl } from './bench-lib.mjs'
import { api, serveShop, shopEnv, stopShop, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const DB = existingDatabase()
const ROUNDS = Number(option('rounds', '4'))
const REQUESTS = Number(option('requests', '300'))
const VARIANTS = (options('variant').length ? options('variant') : ['shop=', 'growing100=--heap-growing-percent=100']).map((v) => {
  const at = v.indexOf('=')
  if (at < 1) throw new Error(`--variant name=flags, not ${v}`)
  return { name: v.slice(0, at), flags: v.slice(at + 1).split(' ').filter(Boolean) }
})
const PORT = 3483
const CACHED = { brand: '/brand/honda', search: '/search?q=honda' }

/** Full (mark-compact) collections the shop's --trace-gc log shows after byte `from`. */
const fullCollections = (logFile, from) => (fs.readFileSync(logFile, 'utf8').slice(from).match(/Mark-Compact/g) ?? []).length

async function timed(url) {
  const started = performance.now()
  const res = await fetch(url, { headers: { accept: 'text/html' } })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
  return performance.now() - started
}

let searchesAsked = 0
async function measure(variant) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-flags-${variant.name}-`))
  const logFile = path.join(dir, 'server.log')
  const env = shopEnv({ databaseUrl: DB, dir, port: PORT, admin: LARGE_ADMIN, secret: BENCH_SECRET, extra: { RATE_LIMITS: 'off' } })
  const { base, child } = await serveShop(env, logFile, 120_000, [...variant.flags, '--trace-gc'])
  try {
    const { token } = await api(base, null, 'POST', '/api/users/login', LARGE_ADMIN)
    await waitForMonthlyFigures(base, token)
    for (const url of Object.values(CACHED)) for (let i = 0; i < 20; i++) await timed(`${base}${url}`)
    for (let i = 0; i < 10; i++) await timed(uncachedSearchUrl(base, searchesAsked++))
    const logFrom = fs.statSync(logFile).size
    const times = []
    for (let i = 0; i < REQUESTS; i++) times.push(await timed(uncachedSearchUrl(base, searchesAsked++)))
    times.sort((a, b) => a - b)
    const result = { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1), fullGcs: fullCollections(logFile, logFrom) }
    for (const [name, url] of Object.entries(CACHED)) result[name] = await cachedPageRate(child.pid, `${base}${url}`)
    result.rssMb = peakRssMb(child.pid)
    return result
  } finally {
    await stopShop(child)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const samples = Object.fromEntries(VARIANTS.map((v) => [v.name, []]))
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()
  for (const variant of order) {
    const r = await measure(variant)
    samples[variant.name].push(r)
    console.error(`round ${round + 1}/${ROUNDS} ${variant.name}: search p50 ${r.p50.toFixed(0)} p99 ${r.p99.toFixed(0)} max ${r.max.toFixed(0)} ms, ${r.fullGcs} full collections; cached brand ${Math.round(r.brand.rps)} req/s (${r.brand.cpuMs.toFixed(3)} ms CPU), search ${Math.round(r.search.rps)} req/s (${r.search.cpuMs.toFixed(3)} ms CPU); peak RSS ${r.rssMb} MB`)
  }
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
const span = (xs, digits = 0) => `${mean(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`
console.log(`Rounds: ${ROUNDS}, alternating, one shop at a time started afresh, on Node ${process.version.slice(1)}; ${REQUESTS} unique uncached searches a round; cached pages by ${PAGE_LOAD} (gzip, 10 connections, 5 s).`)
console.log('')
console.log('| variant | flags added | search p50 ms | search p99 ms | full collections per search run | cached /brand/honda req/s | its CPU ms per request | cached /search?q=honda req/s | its CPU ms per request | peak RSS MB |')
console.log('|---|---|---|---|---|---|---|---|---|---|')
for (const v of VARIANTS) {
  const s = samples[v.name]
  console.log(`| ${v.name} | ${v.flags.join(' ') || '(none)'} | ${span(s.map((r) => r.p50))} | ${span(s.map((r) => r.p99))} | ${span(s.map((r) => r.fullGcs), 1)} | ${span(s.map((r) => r.brand.rps))} | ${span(s.map((r) => r.brand.cpuMs), 3)} | ${span(s.map((r) => r.search.rps))} | ${span(s.map((r) => r.search.cpuMs), 3)} | ${span(s.map((r) => r.rssMb))} |`)
}
