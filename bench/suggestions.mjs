#!/usr/bin/env node
// Uncached suggestions (p99 at most 30 ms at 100,000 variants) on an existing database, one shop at a time,
// for one build or two compared: each round starts each build's shop afresh, in alternating order (A B, B A, …), and
// asks for every prefix of bench-lib.mjs's TYPED once (119 prefixes, as catalogue-scale.mjs asks them), after five
// untimed ones. Reports p50 and p99 per build over the rounds, and the slowest prefixes.
// Usage: node bench/suggestions.mjs --db postgres://…/wheelhouse_large (or file:/path.db) [--rounds 4]
//          [--build new=/work/main] [--build old=/tmp/wt-old] …
//   Without --build: this checkout's build alone. A build is name=directory, a checkout holding a production build
//   (`npm run build`). The database is used as it is (a large catalogue: `npm run seed:large`); sign in as its staff
//   with ADMIN_EMAIL/ADMIN_PASSWORD. Loopback only; run it on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BENCH_SECRET, existingDatabase, LARGE_ADMIN, option, options, percentile, SUGGEST_WARM_UP, TYPED } from './bench-lib.mjs'
import { api, serveShop, shopEnv, stopShop, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const DB = existingDatabase()
const ROUNDS = Number(option('rounds', '4'))
const BUILDS = (options('build').length ? options('build') : [`this=${path.resolve(import.meta.dirname, '..')}`]).map((b) => {
  const at = b.indexOf('=')
  if (at < 1) throw new Error(`--build name=directory, not ${b}`)
  const dir = path.resolve(b.slice(at + 1))
  if (!fs.existsSync(path.join(dir, '.next', 'BUILD_ID'))) throw new Error(`${dir} has no production build (npm run build)`)
  return { name: b.slice(0, at), dir }
})
const PORT = 3484

async function timed(url) {
  const started = performance.now()
  const res = await fetch(url, { headers: { accept: 'application/json' } })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
  return performance.now() - started
}

async function measure(build) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-suggest-${build.name}-`))
  const env = shopEnv({ databaseUrl: DB, dir, port: PORT, admin: LARGE_ADMIN, secret: BENCH_SECRET, extra: { RATE_LIMITS: 'off' } })
  const { base, child } = await serveShop(env, path.join(dir, 'server.log'), 120_000, [], build.dir)
  try {
    const { token } = await api(base, null, 'POST', '/api/users/login', LARGE_ADMIN)
    await waitForMonthlyFigures(base, token)
    const url = (q) => `${base}/api/search/suggest?q=${encodeURIComponent(q)}`
    for (const q of SUGGEST_WARM_UP) await timed(url(q))
    const times = []
    for (const q of TYPED) times.push({ q, ms: await timed(url(q)) })
    return times
  } finally {
    await stopShop(child)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const samples = Object.fromEntries(BUILDS.map((b) => [b.name, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (const build of round % 2 === 0 ? BUILDS : [...BUILDS].reverse()) {
    const times = await measure(build)
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b)
    const r = { p50: percentile(sorted, 50), p99: percentile(sorted, 99), slowest: [...times].sort((a, b) => b.ms - a.ms).slice(0, 3) }
    samples[build.name].push(r)
    console.error(`round ${round + 1}/${ROUNDS} ${build.name}: p50 ${r.p50.toFixed(1)} p99 ${r.p99.toFixed(1)} ms; slowest ${r.slowest.map((s) => `${s.q} ${s.ms.toFixed(0)}`).join(', ')}`)
  }
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
const span = (xs) => `${mean(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`
console.log(`${TYPED.length} prefixes each asked once a round, ${ROUNDS} rounds, one shop at a time started afresh, alternating; ${DB.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; the shops on Node ${process.version.slice(1)}.`)
console.log('')
console.log('| build | p50 ms | p99 ms | slowest prefixes (ms, all rounds) |')
console.log('|---|---|---|---|')
for (const b of BUILDS) {
  const s = samples[b.name]
  const slowest = s.flatMap((r) => r.slowest).sort((x, y) => y.ms - x.ms).slice(0, 4)
  console.log(`| ${b.name} | ${span(s.map((r) => r.p50))} | ${span(s.map((r) => r.p99))} | ${slowest.map((x) => `${x.q} ${x.ms.toFixed(0)}`).join(', ')} |`)
}
