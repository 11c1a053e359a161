#!/usr/bin/env node
// Where search's slowest requests come from: 1,200 uncached searches as catalogue-scale.mjs asks them (the benches'
// ten words, made unique by marks that search ignores), one at a time, against a shop on an existing database started
// with --trace-gc; then the full and young collections they caused, the p99 (the twelfth slowest), the twenty slowest
// with their words, and p50 / p90 per word.
// Usage: "$(node scripts/node24.mjs)" bench/search-tail.mjs --db postgres://…/wheelhouse_large [--requests 1200]
//   The database is used as it is (a large catalogue: `npm run seed:large`); needs a production build; loopback only;
//   run it on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BENCH_SECRET, existingDatabase, LARGE_ADMIN, option, percentile, uncachedSearchUrl } from './bench-lib.mjs'
import { serveShop, shopEnv, stopShop } from '../scripts/shop-process.mjs'

const DB = existingDatabase()
const REQUESTS = Number(option('requests', '1200'))
const WARM_UP = 10
const PORT = 3492

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-search-tail-'))
const logFile = path.join(dir, 'server.log')
const env = shopEnv({ databaseUrl: DB, dir, port: PORT, admin: LARGE_ADMIN, secret: BENCH_SECRET, extra: { RATE_LIMITS: 'off' } })
const { base, child } = await serveShop(env, logFile, 120_000, ['--trace-gc'])
const times = []
let logFrom = 0
try {
  for (let n = 0; n < REQUESTS + WARM_UP; n++) {
    if (n === WARM_UP) logFrom = fs.statSync(logFile).size
    const url = uncachedSearchUrl(base, n)
    const started = performance.now()
    const res = await fetch(url, { headers: { accept: 'text/html' } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    // the words without the marks that made the address unique
    const words = new URL(url).searchParams.get('q').replace(/[!?.,]+$/, '').trim()
    if (n >= WARM_UP) times.push({ ms: performance.now() - started, words })
  }
} finally {
  await stopShop(child)
}
const log = fs.readFileSync(logFile, 'utf8').slice(logFrom)
fs.rmSync(dir, { recursive: true, force: true })
const slowest = [...times].sort((a, b) => b.ms - a.ms)
const all = times.map((t) => t.ms).sort((a, b) => a - b)
console.info(`${times.length} searches: ${(log.match(/Mark-Compact/g) ?? []).length} full collections, ${(log.match(/Scavenge/g) ?? []).length} young ones; p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`)
console.info(`the 20 slowest: ${slowest.slice(0, 20).map((t) => `${t.ms.toFixed(0)} ms (${t.words})`).join(', ')}`)
const byWords = new Map()
for (const t of times) byWords.set(t.words, [...(byWords.get(t.words) ?? []), t.ms])
console.info('\n| words | p50 ms | p90 ms |\n|---|---|---|')
for (const [words, list] of byWords) {
  list.sort((a, b) => a - b)
  console.info(`| ${words} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 90).toFixed(1)} |`)
}
console.info(`\nNode ${process.version}, ${os.cpus().length} cores, loopback; ${new Date().toISOString()}`)
