// Runs the shop's existing production build as a child process on a database of the caller's choice:
// migrate and seed (src/setup/prepare.ts), then server.mjs. Used by benchmarks and by the crash tests,
// which must kill and restart the server without rebuilding it.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { runEntry } from './run-ts.mjs'
import { SHOP_NODE_FLAGS } from './shop-node-flags.mjs'

const root = path.resolve(import.meta.dirname, '..')

export const PG_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** The environment of a throwaway shop: every secret given, the built-in gateway and file outbox. */
export function shopEnv({ databaseUrl, dir, port, admin, secret, extra = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    // The shop's own files in its throwaway folder: the built sitemap and Merchant feed (DATA_DIR/feeds) belong to
    // this database, and the checkout's ./data is another shop's.
    DATA_DIR: dir,
    MEDIA_DIR: path.join(dir, 'media'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    PAYLOAD_SECRET: secret,
    JWT_SECRET: secret,
    TEST_GATEWAY_WEBHOOK_SECRET: secret,
    FINANCE_SERVICE_PASSWORD: secret,
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
    ...extra,
  }
}

export async function pgAdmin(sql, server = PG_SERVER) {
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * A new PostgreSQL database, empty, or a copy of the database at `templateUrl` on that one's server (CREATE DATABASE
 * … TEMPLATE; nothing may be connected to it); answers its URL and a function that drops it.
 */
export async function throwawayPostgres(prefix, templateUrl = null) {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const server = new URL(templateUrl ?? PG_SERVER)
  const template = templateUrl ? decodeURIComponent(server.pathname.slice(1)) : null
  if (template !== null && !/^[A-Za-z0-9_]+$/.test(template)) throw new Error(`throwawayPostgres: ${template} is not a plain database name`)
  if (template !== null) server.pathname = '/postgres' // not connected to the template while it is copied
  await pgAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`, server.href)
  const url = new URL(server)
  url.pathname = `/${name}`
  return { url: url.href, drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, server.href) }
}

/** Migrates and seeds, as `npm start` does; exit 13 is the module-loading stall scripts/run-ts.mjs describes. */
export async function prepareDatabase(env) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const run = await runEntry('src/setup/prepare.ts', [], env)
    if (run.status === 0) return
    if (run.status !== 13) throw new Error(`migrating and seeding failed (exit ${run.status ?? run.signal})`)
  }
  throw new Error('migrating and seeding stalled three times')
}

/** server.mjs on the existing build (of this checkout, or of `shopRoot`), with production's Node flags; answers the base URL and the child once /api/health answers 200. */
export async function serveShop(env, logFile, timeoutMs = 60_000, nodeArgs = [], shopRoot = root) {
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, ...nodeArgs, 'server.mjs'], { cwd: shopRoot, env, stdio: ['ignore', log, log] })
  fs.closeSync(log)
  const base = `http://localhost:${env.PORT}`
  for (let waited = 0; waited < timeoutMs; waited += 250) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server.mjs exited with ${child.exitCode ?? child.signalCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill('SIGKILL')
  throw new Error(`server.mjs did not answer /api/health within ${timeoutMs / 1000} s; see ${logFile}`)
}

/** Stops a server child: SIGTERM (graceful) or SIGKILL (a crash); resolves once it has exited. */
export function stopShop(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', resolve)
    child.kill(signal)
  })
}

export async function api(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json().catch(() => null)
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** A card checkout's body as the checkout page sends it: a new key and email each time, collection from the shop. */
/** Waits until no job of `task` is left to run (or `limitMs` passes); answers the seconds waited. */
async function waitForTask(base, token, task, limitMs) {
  const started = performance.now()
  for (;;) {
    const waiting = await api(base, token, 'GET', `/api/payload-jobs?where[taskSlug][equals]=${task}&where[completedAt][exists]=false&limit=0&depth=0`)
    if (waiting.totalDocs === 0 || performance.now() - started > limitMs) return Math.round((performance.now() - started) / 1000)
    await new Promise((r) => setTimeout(r, 2000))
  }
}

/**
 * Waits until the monthly-figure refresh jobs that a seed or an import queued (ADR 030) have finished, so a
 * bench times the shop as customers meet it rather than beside that background quoting. Answers the seconds waited.
 */
export function waitForMonthlyFigures(base, token, limitMs = 30 * 60_000) {
  return waitForTask(base, token, 'refreshMonthlyFigures', limitMs)
}

/** The same for the rebuild of the sitemap and the Merchant feed an import queued (ADR 042; it starts 30 s after the last batch). */
export function waitForFeedsBuilt(base, token, limitMs = 30 * 60_000) {
  return waitForTask(base, token, 'rebuildFeeds', limitMs)
}

export function checkoutBody(lines) {
  const key = randomUUID()
  return {
    checkoutKey: key,
    lines,
    deliveryMethod: 'free',
    contact: { firstName: 'Ada', lastName: 'Rider', email: `ada+${key.slice(0, 8)}@example.co.uk`, phone: '07700 900123' },
    address: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' },
    acceptTerms: true,
  }
}

/** autocannon's request for card checkouts of one unit of a product. */
export function checkoutRequest(productId) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify(checkoutBody([{ productId, count: 1 }])) }),
  }
}
