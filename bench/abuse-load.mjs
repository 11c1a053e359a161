#!/usr/bin/env node
// What abuse from one address costs everyone else: three loads the security review found, each run for a while
// beside two probes that stand for the shop's other visitors, and a quiet run first to compare with.
//   - registrations: many accounts registered from one address (POST /api/users, as the account form's server
//     action does it: a password hashed each time);
//   - sitemap: 8 clients fetching /sitemaps/1.xml over and over (served from the stored copy since ADR 042; the
//     first fetch of a shop builds it, and is reported apart);
//   - bookings: a flood of workshop bookings through the JSON route (POST /api/bookings/services, valid bookings on
//     the next open days);
//   - booking-forms: the same flood through the page's own form, posted as a browser without JavaScript posts it
//     (multipart to /bicycle-services with the server action's hidden fields, read from the page first).
// The attack runs on a thread of its own (its clients' own work must not slow the probes, which stand for visitors
// elsewhere). Probes, one request at a time each, for the whole of every run: GET /api/health, and an uncached listing
// (/all-bikes with a price ceiling that changes every request, so no cache answers it). For each run: the probes'
// p50/p99/max and how many failed, and the attack's requests, answers by status, and its p50/p99.
// Rate limits stay as the shop sets them (on, unless RATE_LIMITS says otherwise): the question is what they let
// through. Everything comes from one address (loopback).
// Usage: node bench/abuse-load.mjs [--db sqlite|postgres] [--database URL] [--base URL] [--seconds 20]
//   [--clients 8] [--runs quiet,registrations,sitemap,bookings,booking-forms]
//   --base: measure a shop already running there (nothing started or stopped); else a shop is started on the
//   existing production build (`npm run build`), on --database (migrated and seeded if empty; not dropped) or on a
//   throwaway demo database of --db. At 100,000 variants: `npm run seed:large`, then --database that database.
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { BENCH_SECRET, option, percentile } from './bench-lib.mjs'
import { api, prepareDatabase, serveShop, shopEnv, stopShop, throwawayPostgres, waitForFeedsBuilt, waitForMonthlyFigures } from '../scripts/shop-process.mjs'

const SECONDS = Number(option('seconds', '20'))
const CLIENTS = Number(option('clients', '8'))
const RUNS = option('runs', 'quiet,registrations,sitemap,bookings,booking-forms').split(',')
const PORT = 3490
const ADMIN = { email: 'admin@abuse.test', password: 'abuse-admin-password-1234' }

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] }
}
const ms = (n) => (n === undefined ? '–' : n.toFixed(0))

async function request(url, init) {
  const started = performance.now()
  try {
    const res = await fetch(url, init)
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: res.status }
  } catch {
    return { ms: performance.now() - started, status: 0 }
  }
}

/** One request at a time until `until`; each answer's time, and how many were not 200. */
async function probe(until, urlOf) {
  const times = []
  let failed = 0
  for (let i = 0; performance.now() < until; i++) {
    const r = await request(urlOf(i), { headers: { accept: 'text/html' } })
    times.push(r.ms)
    if (r.status !== 200) failed++
  }
  return { ...stats(times), failed }
}

/** `clients` loops sending `requestOf(i)` until `until`; answers by status and their times. */
async function attack(until, clients, requestOf) {
  const times = []
  const statuses = {}
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const { url, init } = requestOf(next++)
        const r = await request(url, init)
        times.push(r.ms)
        statuses[r.status] = (statuses[r.status] ?? 0) + 1
      }
    }),
  )
  return { ...stats(times), statuses }
}

const ENTITIES = { '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' }
const unescapeHtml = (text) => text.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (e) => ENTITIES[e])

/**
 * The hidden fields React writes into a form whose action is a server action (`$ACTION_REF_…`, `$ACTION_…:n`,
 * `$ACTION_KEY`): posted with the visible fields, they make Next run the action as a form without JavaScript would.
 */
async function serverActionFields(url) {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text()
  const fields = []
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1]
    if (!name?.startsWith('$ACTION')) continue
    fields.push([unescapeHtml(name), unescapeHtml(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '')])
  }
  if (!fields.some(([name]) => name.startsWith('$ACTION_REF_') || name.startsWith('$ACTION_ID_'))) throw new Error(`no server action form on ${url}`)
  return fields
}

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })

/** The attacks, by run name: each answers the request of attempt `i` (an origin header as a browser's form sends). */
async function attacks(base) {
  const run = `${Date.now().toString(36)}`
  const origin = { origin: base }
  const tiers = await (await fetch(`${base}/api/service-options?where[kind][equals]=tier&limit=1&depth=0`)).json().catch(() => null)
  const tierId = tiers?.docs?.[0]?.id
  const days = Array.from({ length: 40 }, (_, k) => new Date(Date.now() + (k + 2) * 86_400_000).toISOString().slice(0, 10))
  // One booking's answers, as the form's fields: the JSON run nests them as its route asks.
  const booking = (i) => ({ tierId, day: days[i % days.length], make: 'Trek', model: 'Domane', bikeType: 'road', firstName: 'Abuse', lastName: 'Test', email: `abuse-${run}-${i}@example.test`, phone: '07700 900123' })
  return {
    quiet: null,
    registrations: () => (i) => {
      const init = json({ email: `abuse-${run}-${i}@example.test`, password: `Correct-Horse-${run}-${i}-Battery`, firstName: 'Abuse', lastName: 'Test' })
      return { url: `${base}/api/users`, init: { ...init, headers: { ...init.headers, ...origin } } }
    },
    sitemap: () => () => ({ url: `${base}/sitemaps/1.xml`, init: { headers: { accept: 'application/xml' } } }),
    bookings: () => {
      if (!tierId) throw new Error('no service tier to book: the shop has no service-options of kind tier')
      return (i) => {
        const { day, make, model, bikeType, firstName, lastName, email, phone } = booking(i)
        const init = json({ tierId, addOnIds: [], day, bike: { make, model, bikeType, eBike: false, notes: '' }, contact: { firstName, lastName, email, phone }, extraWorkLimitPence: 0, acceptTerms: true })
        return { url: `${base}/api/bookings/services`, init: { ...init, headers: { ...init.headers, ...origin } } }
      }
    },
    'booking-forms': async () => {
      if (!tierId) throw new Error('no service tier to book: the shop has no service-options of kind tier')
      const hidden = await serverActionFields(`${base}/bicycle-services`)
      return (i) => {
        const form = new FormData()
        for (const [name, value] of hidden) form.append(name, value)
        for (const [name, value] of Object.entries(booking(i))) form.append(name, String(value))
        form.append('extraWorkLimit', '0')
        form.append('acceptTerms', 'on')
        return { url: `${base}/bicycle-services`, init: { method: 'POST', headers: { accept: 'text/html', ...origin }, body: form, redirect: 'manual' } }
      }
    },
  }
}

/**
 * The attack `name` on a thread of its own, so that the attacking clients' own work (making and reading thousands of
 * requests) does not delay the probes, which stand for other visitors on other machines. Answers once the attack is
 * ready, with `start(deadline)` (a Date.now() time) and the attack's result.
 */
async function attackOnThread(base, name) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { base, name, clients: CLIENTS }, argv: process.argv.slice(2) })
  await once(worker, 'message') // ready (`once` rejects if the thread fails first)
  return {
    start: async (deadline) => {
      worker.postMessage({ deadline })
      const [result] = await once(worker, 'message')
      await worker.terminate()
      return result
    },
  }
}

async function attackThread() {
  const { base, name, clients } = workerData
  const requestOf = await (await attacks(base))[name]()
  parentPort.postMessage('ready')
  const { deadline } = await new Promise((resolve) => parentPort.once('message', resolve))
  parentPort.postMessage(await attack(performance.now() + (deadline - Date.now()), clients, requestOf))
}

async function measure(base) {
  const made = await attacks(base)
  // Warm up the routes the probes use (first requests compile code), and the sitemap's first build, timed apart.
  for (let k = 0; k < 5; k++) {
    await request(`${base}/api/health`)
    await request(`${base}/all-bikes?max=${800_000 + k}`)
  }
  const sitemapFirst = await request(`${base}/sitemaps/1.xml`)
  const rows = []
  let ceiling = 700_000
  for (const name of RUNS) {
    if (!(name in made)) throw new Error(`unknown run ${name}: give some of ${Object.keys(made).join(', ')}`)
    const attacker = made[name] ? await attackOnThread(base, name) : null
    const until = performance.now() + SECONDS * 1000
    const [health, listing, load] = await Promise.all([
      probe(until, () => `${base}/api/health`),
      probe(until, () => `${base}/all-bikes?max=${ceiling--}`),
      attacker ? attacker.start(Date.now() + SECONDS * 1000) : Promise.resolve(null),
    ])
    rows.push({ name, health, listing, load })
    await new Promise((r) => setTimeout(r, 2000)) // let the queue and the collector settle between runs
  }
  return { sitemapFirst, rows }
}

function report({ sitemapFirst, rows }, label) {
  console.log(`\n${label}: ${SECONDS} s a run, ${CLIENTS} attacking clients; first /sitemaps/1.xml of the shop ${ms(sitemapFirst.ms)} ms (status ${sitemapFirst.status})\n`)
  console.log('| run | /api/health p50 / p99 / max ms (n, failed) | uncached listing p50 / p99 / max ms (n, failed) | attack requests | attack answers by status | attack p50 / p99 ms |')
  console.log('|---|---|---|---|---|---|')
  for (const r of rows) {
    const probeCell = (p) => `${ms(p.p50)} / ${ms(p.p99)} / ${ms(p.max)} (${p.n}, ${p.failed})`
    const statuses = r.load ? Object.entries(r.load.statuses).map(([s, n]) => `${s}: ${n}`).join(', ') : '–'
    console.log(`| ${r.name} | ${probeCell(r.health)} | ${probeCell(r.listing)} | ${r.load?.n ?? '–'} | ${statuses} | ${r.load ? `${ms(r.load.p50)} / ${ms(r.load.p99)}` : '–'} |`)
  }
}

const givenBase = option('base', null)
if (!isMainThread) {
  await attackThread()
} else if (givenBase) {
  report(await measure(givenBase.replace(/\/$/, '')), givenBase)
} else {
  const kind = option('db', 'sqlite')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wheelhouse-abuse-${kind}-`))
  const cleanups = [() => fs.rmSync(dir, { recursive: true, force: true })]
  try {
    let databaseUrl = option('database', null)
    if (!databaseUrl && kind === 'postgres') {
      const db = await throwawayPostgres('wheelhouse_abuse')
      databaseUrl = db.url
      cleanups.push(db.drop)
    }
    databaseUrl ??= `file:${path.join(dir, 'shop.db')}`
    const env = shopEnv({ databaseUrl, dir, port: PORT, admin: ADMIN, secret: BENCH_SECRET })
    await prepareDatabase(env)
    // Next's data cache outlives a process in the build's folder: a listing an earlier run read would not be uncached.
    fs.rmSync(path.join(import.meta.dirname, '..', '.next', 'cache', 'fetch-cache'), { recursive: true, force: true })
    const { base, child } = await serveShop(env, path.join(dir, 'server.log'), 120_000)
    cleanups.unshift(() => stopShop(child))
    if (!option('database', null)) {
      // The seed's background work (monthly figures, the feeds' rebuild) is not what is measured.
      const { token } = await api(base, null, 'POST', '/api/users/login', ADMIN)
      await waitForMonthlyFigures(base, token)
      await waitForFeedsBuilt(base, token)
    }
    report(await measure(base), `${option('database', null) ? 'given database' : `demo shop on ${kind}`}, Node ${process.version}`)
  } finally {
    for (const cleanup of cleanups) await cleanup()
  }
}
