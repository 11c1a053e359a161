#!/usr/bin/env node
// Where a card checkout's time goes: the existing build served with V8's CPU profiler on a throwaway
// database, a fixed number of checkouts at 16 connections, then the profile summed by self time per area
// (our source file, or the package in node_modules) and per function.
// Usage: npm run bench:profile-checkout [-- sqlite|postgres] [-- orders] [-- --database URL]
//   --database: profile on that database as it is (a large catalogue, `npm run seed:large`), signing in as its
//   staff with ADMIN_EMAIL/ADMIN_PASSWORD, instead of on a throwaway demo database.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { api, checkoutRequest, prepareDatabase, serveShop, shopEnv, stopShop, throwawayPostgres, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const at = process.argv.indexOf('--database')
const GIVEN = at >= 0 ? process.argv[at + 1] : null
const positional = process.argv.slice(2).filter((a, i, all) => a !== '--database' && all[i - 1] !== '--database')
const kind = GIVEN ? (GIVEN.startsWith('file:') ? 'sqlite' : 'postgres') : positional[0] === 'postgres' ? 'postgres' : 'sqlite'
const ORDERS = Number(positional[1]) || 400
const PORT = 3440
const ADMIN = GIVEN
  ? { email: process.env.ADMIN_EMAIL ?? 'admin@large.test', password: process.env.ADMIN_PASSWORD ?? 'large-admin-password-1234' }
  : { email: 'admin@bench.test', password: 'bench-admin-password-1234' }
const SECRET = 'bench-only-secret-0123456789abcdef-0123'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-profile-${kind}-`))
const database = !GIVEN && kind === 'postgres' ? await throwawayPostgres('wheelhouse_profile') : null
const databaseUrl = GIVEN ?? (database ? database.url : `file:${path.join(dir, 'shop.db')}`)
const profiles = path.join(dir, 'profiles')
const env = shopEnv({ databaseUrl, dir, port: PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off' } })
try {
  if (!GIVEN) {
    console.info(`profile: ${kind}: migrating and seeding…`)
    await prepareDatabase(env)
  }
  const { base, child } = await serveShop(env, path.join(dir, 'server.log'), 60_000, ['--cpu-prof', `--cpu-prof-dir=${profiles}`])
  const { token } = await api(base, null, 'POST', '/api/users/login', ADMIN)
  // The seed queued a monthly-figure refresh of the bikes: the checkouts are profiled once it is done, not beside it.
  await waitForMonthlyFigures(base, token)
  const product = (await api(base, token, 'GET', '/api/products?where[slug][equals]=abus-bordo-6000&depth=0&limit=1')).docs[0]
  await api(base, token, 'PATCH', `/api/products/${product.id}?depth=0`, { stockQuantity: 1_000_000 })
  const run = (amount) => autocannon({ url: `${base}/api/checkout/orders`, connections: 16, amount, requests: [checkoutRequest(product.id)] })
  await run(64) // warm-up: the route is loaded and compiled before it is measured
  const started = process.hrtime.bigint()
  const result = await run(ORDERS)
  const ended = process.hrtime.bigint()
  const wallMs = Number(ended - started) / 1e6
  await stopShop(child) // the profile is written as the server exits
  console.info(`profile: ${kind}: ${result.statusCodeStats['201']?.count ?? 0} orders in ${Math.round(wallMs)} ms (${Math.round((ORDERS / wallMs) * 1000)}/s), p99 ${result.latency.p99} ms`)

  const file = fs.readdirSync(profiles).map((f) => path.join(profiles, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'))
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  // Only the measured run counts (not start-up or the warm-up): V8 stamps samples on the same monotonic
  // clock as process.hrtime, in microseconds.
  const [from, to] = [Number(started / 1000n), Number(ended / 1000n)]
  const selfUs = new Map()
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0
    if (at < from || at > to) continue
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
  }
  const area = (url) => {
    if (!url) return '(native, GC, idle)'
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
    if (inModules) return inModules[1]
    if (url.startsWith('node:')) return 'node core'
    const chunk = /\.next\/server\/(.*)$/.exec(url)
    return chunk ? `.next/server/${chunk[1].split('/').slice(0, 2).join('/')}` : url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')
  }
  const areas = new Map()
  const functions = new Map()
  let total = 0
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)
    if (callFrame.functionName === '(idle)') continue
    total += us
    const a = area(callFrame.url)
    areas.set(a, (areas.get(a) ?? 0) + us)
    const fn = `${callFrame.functionName || '(anonymous)'}  ${a}:${callFrame.lineNumber + 1}`
    functions.set(fn, (functions.get(fn) ?? 0) + us)
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n)
  console.log(`\nbusy CPU ${Math.round(total / 1000)} ms in the ${Math.round(wallMs)} ms measured, over ${ORDERS} orders = ${(total / 1000 / ORDERS).toFixed(1)} ms per order\n`)
  console.log('| area | self ms | share |\n|---|---|---|')
  for (const [a, us] of top(areas, 20)) console.log(`| ${a} | ${Math.round(us / 1000)} | ${((us / total) * 100).toFixed(1)}% |`)
  console.log('\n| function | self ms |\n|---|---|')
  for (const [f, us] of top(functions, 25)) console.log(`| ${f.replace(/\|/g, '\\|')} | ${Math.round(us / 1000)} |`)
} finally {
  await database?.drop()
  fs.rmSync(dir, { recursive: true, force: true })
}
