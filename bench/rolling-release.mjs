#!/usr/bin/env node
// Build once, switch, roll back, under load (ADR 063): two instances behind nginx and Varnish on PostgreSQL serve
// release A from a release directory while six visitors browse past the caches and check out; release B is built in
// a directory of its own meanwhile (scripts/deploy.mjs createRelease: sources of HEAD, migrate under the release
// lock, build), `current` is switched to it and the instances restart one at a time; then the same back to A
// (a rollback). Counts the requests answered and failed in each phase; any failure fails the run.
// Usage: npm run bench:rolling-release   (PostgreSQL and Redis running; nginx, Varnish as for the topology)
import { spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { api, checkoutBody, shopEnv, throwawayPostgres } from '../scripts/shop-process.mjs'
import { startTopology } from '../scripts/topology.mjs'
import { createRelease, layout, previousRelease, rollingRestart, switchTo } from '../scripts/deploy.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PORT = 3700
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1234' }
const SECRET = 'bench-only-secret-0123456789abcdef-0123'
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const buildId = (dir) => fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim()
// The bench links the checkout's installed packages instead of `npm install` (no registry needed, and the same
// packages in both releases); production installs and prunes (scripts/deploy.mjs).
const linkModules = (dir) => {
  const done = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')])
  if (done.status !== 0) throw new Error(`could not link node_modules into ${dir}`)
}

// `--create-release BASE`: this file run as a child that builds one release and prints its directory. createRelease
// blocks the thread it runs on (spawnSync), so release B is built in a child while this process's visitors go on
// asking release A.
if (process.argv[2] === '--create-release') {
  const dir = createRelease({ base: process.argv[3], env: process.env, install: linkModules })
  process.stdout.write(`${JSON.stringify({ dir })}\n`)
  process.exit(0)
}

/** createRelease in a child process, so the event loop here is free while it builds. */
const createReleaseBeside = (base, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--create-release', base], { env, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last).dir)
      else reject(new Error(`building release B failed (exit ${code}): ${out.slice(-2000)}`))
    })
  })

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-bench-release-'))
const database = await throwawayPostgres('wheelhouse_bench_release')
const env = shopEnv({ databaseUrl: database.url, dir: path.join(base, 'data'), port: PORT, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off', REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' } })
let topology
const phases = []
try {
  let started = Date.now()
  console.info('bench: building release A…')
  const a = createRelease({ base, env, install: linkModules })
  console.info(`bench: release A built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  switchTo(base, a)
  topology = await startTopology({ env, dir: path.join(base, 'topology'), instances: 2, port: PORT, prepare: false, shopRoot: layout(base).current })
  const { token } = await api(topology.base, null, 'POST', '/api/users/login', ADMIN)
  const product = (await api(topology.base, token, 'GET', '/api/products?where[slug][equals]=abus-bordo-6000&depth=0&limit=1')).docs[0]
  await api(topology.base, token, 'PATCH', `/api/products/${product.id}?depth=0`, { stockQuantity: 1_000_000 })

  let phase = { name: 'warm', answered: 0, failures: [] }
  let stop = false
  const ask = async (what, request) => {
    const counted = phase
    try {
      const response = await request()
      const body = await response.text()
      if (response.status >= 500) counted.failures.push(`${what}: ${response.status} ${body.replace(/\s+/g, ' ').slice(0, 160)}`)
      else counted.answered += 1
    } catch (error) {
      // undici's "fetch failed" says nothing of its own; the cause names the socket's error.
      const cause = error?.cause ? ` (${error.cause.code ?? ''} ${error.cause.message ?? error.cause})` : ''
      counted.failures.push(`${what}: ${error?.message ?? error}${cause}`)
    }
  }
  const visitor = async (n) => {
    while (!stop) {
      if (n % 3 === 0) await ask('checkout', () => fetch(`${topology.base}/api/checkout/orders`, { method: 'POST', headers: { 'content-type': 'application/json', origin: topology.base }, body: JSON.stringify(checkoutBody([{ productId: product.id, count: 1 }])) }))
      else {
        await ask('page', () => fetch(`${topology.base}/all-bikes?sort=price-asc&release=${randomUUID()}`))
        await ask('health', () => fetch(`${topology.base}/api/health`))
      }
    }
  }
  const enter = (name) => {
    phase = { name, answered: 0, failures: [], startedAt: Date.now() }
    phases.push(phase)
  }
  const restartAll = (release) =>
    rollingRestart({
      ports: topology.instances.map((i) => i.port),
      release,
      restart: async (port) => {
        const i = topology.instances.findIndex((x) => x.port === port)
        await topology.terminate(i)
        await topology.restart(i)
      },
    })
  const visitors = Array.from({ length: 6 }, (_, n) => visitor(n))
  await sleep(2000)

  enter('build B while A serves')
  const b = await createReleaseBeside(base, env)
  enter('switch to B, rolling restart')
  switchTo(base, b)
  await restartAll(buildId(b))
  enter('roll back to A, rolling restart')
  const back = previousRelease(base)
  if (back !== a) throw new Error(`the previous release is ${back}, not A (${a})`)
  switchTo(base, back)
  await restartAll(buildId(a))
  enter('after')
  await sleep(2000)
  stop = true
  await Promise.all(visitors)
  const health = await (await fetch(`${topology.base}/api/health`)).json()
  console.info(`\nbench: rolling release on ${os.cpus().length} cores; serving ${health.release} (A = ${buildId(a)}, B = ${buildId(b)})`)
  console.info('| phase | seconds | requests answered | failed |\n|---|---:|---:|---:|')
  for (const p of phases.slice(0, -1)) console.info(`| ${p.name} | ${((phases[phases.indexOf(p) + 1].startedAt - p.startedAt) / 1000).toFixed(0)} | ${p.answered} | ${p.failures.length} |`)
  const failures = phases.flatMap((p) => p.failures.map((f) => `${p.name}: ${f}`))
  if (failures.length) {
    console.error(failures.slice(0, 20).join('\n'))
    process.exitCode = 1
  }
  if (health.release !== buildId(a)) {
    console.error('the rollback did not leave release A serving')
    process.exitCode = 1
  }
} finally {
  await topology?.stop()
  await database.drop()
  fs.rmSync(base, { recursive: true, force: true })
}
