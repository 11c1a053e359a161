#!/usr/bin/env node
// The deal hub as staff meet it: /admin/deal-hub rendered by the production build over HTTP, signed in, nothing
// cached, at 1,000 deals. A throwaway demo shop (SQLite in a temporary folder, or a throwaway PostgreSQL database with
// --db postgres) gets the bench fixture of bench/deal-hub-entry.ts (DEAL_HUB_DEALS, 1,000 unless told), then the
// existing build is served on it and each case is fetched BENCH_ROUNDS times (default 100) one at a time: every open
// deal on page 1 and page 5, and each stage alone. p50, p99 and max per case and over all. The target is a p99 of at
// most 150 ms. Needs a production build (`npm run build`); run it on a quiet machine.
//   node bench/deal-hub-http.mjs [--db sqlite|postgres]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { bundleEntry, keepAliveArgs, removeBundle } from '../scripts/run-ts.mjs'
import { prepareDatabase, serveShop, shopEnv, stopShop, throwawayPostgres, waitForFeedsBuilt, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const kind = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : 'sqlite'
if (kind !== 'sqlite' && kind !== 'postgres') {
  console.error('usage: node bench/deal-hub-http.mjs [--db sqlite|postgres]')
  process.exit(2)
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
const PORT = Number(process.env.BENCH_PORT ?? 3400)
const ADMIN = { email: 'admin@deal-hub.test', password: 'deal-hub-admin-password-1234' }
const STAGES = ['new', 'contacted', 'test_ride', 'finance_submitted', 'approved', 'ready_for_handover', 'handed_over', 'lost']
if (!fs.existsSync(path.join(import.meta.dirname, '..', '.next', 'BUILD_ID'))) {
  console.error('No production build: run `npm run build` first.')
  process.exit(2)
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const line = (label, out) => {
  const s = [...out].sort((a, b) => a - b)
  return `| ${label} | ${pct(s, 50).toFixed(1)} | ${pct(s, 99).toFixed(1)} | ${s.at(-1).toFixed(1)} |`
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-deal-hub-http-'))
const cleanups = [() => fs.rmSync(dir, { recursive: true, force: true })]
try {
  let databaseUrl = `file:${path.join(dir, 'shop.db')}`
  if (kind === 'postgres') {
    const db = await throwawayPostgres('wheelhouse_deal_hub_http')
    databaseUrl = db.url
    cleanups.push(db.drop)
  }
  const env = shopEnv({ databaseUrl, dir, port: PORT, admin: ADMIN, secret: 'deal-hub-http-bench-secret-0123456789abcdef' })
  await prepareDatabase(env)
  const fixture = await bundleEntry('bench/deal-hub-entry.ts')
  try {
    const made = spawnSync(process.execPath, keepAliveArgs(fixture), { stdio: 'inherit', env: { ...env, RATE_LIMITS: 'off', DEAL_HUB_FIXTURE_ONLY: '1' }, timeout: 30 * 60_000 })
    if (made.status !== 0) throw new Error(`the fixture failed (exit ${made.status ?? made.signal})`)
  } finally {
    removeBundle(fixture)
  }
  const { base, child } = await serveShop(env, path.join(dir, 'server.log'), 120_000)
  cleanups.unshift(() => stopShop(child))
  // Signed in as the admin's browser is: the session cookie the login sets.
  const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  if (!login.ok) throw new Error(`the admin's sign-in answered ${login.status}`)
  // Payload takes the session cookie only from the shop's own origin (its CSRF list), as a browser's request says it.
  const headers = { cookie: login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), origin: base, 'sec-fetch-site': 'same-origin' }
  // The seed's background work (monthly figures, the feeds' rebuild) is not what is measured.
  const { token } = await login.clone().json()
  await waitForMonthlyFigures(base, token)
  await waitForFeedsBuilt(base, token)
  // The admin's own account page first: the shell every admin page pays (navigation, permissions), without deals.
  const cases = [['the admin shell alone (/admin/account), for reference', '/admin/account'], ['open deals, page 1', '/admin/deal-hub'], ['open deals, page 5', '/admin/deal-hub?stage=open&page=5'], ...STAGES.map((s) => [`stage ${s}, page 1`, `/admin/deal-hub?stage=${s}`])]
  const rows = []
  const all = []
  for (const [label, url] of cases) {
    // The first request compiles nothing (a production build) but warms the connection and the statements.
    const first = await fetch(`${base}${url}`, { headers })
    const html = await first.text()
    if (first.status !== 200 || (url.startsWith('/admin/deal-hub') && (!html.includes('Deal hub') || !html.includes('past their next action first')))) { fs.writeFileSync(path.join(os.tmpdir(), 'deal-hub-answer.html'), html); throw new Error(`${url} answered ${first.status} without the hub's table (the page is in ${os.tmpdir()}/deal-hub-answer.html)`) }
    const out = []
    for (let i = 0; i < rounds; i++) {
      const started = performance.now()
      const response = await fetch(`${base}${url}`, { headers })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
      out.push(performance.now() - started)
    }
    if (url.startsWith('/admin/deal-hub')) all.push(...out)
    rows.push(line(label, out))
  }
  console.log(`\n/admin/deal-hub over HTTP, signed in, uncached: ${kind}, ${Number(process.env.DEAL_HUB_DEALS ?? 1000).toLocaleString('en-GB')}-deal fixture, ${rounds} rounds a case, Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()}`)
  console.log('| case | p50 ms | p99 ms | max ms |\n|---|---|---|---|')
  for (const r of rows) console.log(r)
  console.log(line('**every deal hub case**', all))
} finally {
  for (const cleanup of cleanups) await cleanup()
}
