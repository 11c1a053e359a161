// Releases the shop as the README's first command does (scripts/release.mjs: migrate, seed, build when stale) on a
// fresh SQLite database, then serves one shop per e2e worker, each on its own copy of that database and its files:
// the first through scripts/start.mjs (whose release then has nothing left to do), the others through server.mjs
// on the same build. Stops them with SIGTERM at the end. A test file drives its worker's shop (./shops.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureChromium } from './chromium'
import { SHOP_NODE_FLAGS } from '../../scripts/shop-node-flags.mjs'

const PORT = Number(process.env.E2E_PORT || 3210)
/** Shops served at once, one per worker of the parallel project (tests/e2e/vitest.config.ts). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 2))
const dataDir = path.resolve('data/e2e')

export const E2E_ENV = {
  // The run's own data folder: the built sitemap and Merchant feed (DATA_DIR/feeds) belong to this run's database.
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${path.join(dataDir, 'e2e.db')}`,
  MEDIA_DIR: path.join(dataDir, 'media'),
  OUTBOX_DIR: path.join(dataDir, 'outbox'),
  PORT: String(PORT),
  SITE_URL: `http://localhost:${PORT}`,
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password-1234',
  PAYLOAD_SECRET: 'e2e-tests-secret-0123456789abcdef-0123',
  METRICS_TOKEN: 'e2e-metrics-token-0123456789',
  NEXT_TELEMETRY_DISABLED: '1',
  // An analytics container, so the shop asks for cookie consent (without one it asks nothing); no test accepts,
  // so the tag itself is never fetched.
  GTM_ID: 'GTM-E2E0TEST',
  // A proxy address no test connects from except forwarded.e2e.test.ts: the shop believes X-Forwarded-* only from it.
  TRUST_PROXY: '127.0.0.2',
  MEDIA_AVIF_EFFORT: '0',
}

export type ShopEnv = typeof E2E_ENV

/** The environment of shop `n` (0 is the first): its own port, site address, database and files. */
function envFor(n: number): ShopEnv {
  if (n === 0) return E2E_ENV
  const dir = `${dataDir}-${n + 1}`
  return { ...E2E_ENV, DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, 'e2e.db')}`, MEDIA_DIR: path.join(dir, 'media'), OUTBOX_DIR: path.join(dir, 'outbox'), PORT: String(PORT + n), SITE_URL: `http://localhost:${PORT + n}` }
}

export interface E2eShop {
  readonly baseURL: string
  readonly serverLog: string
  readonly env: ShopEnv
}

declare module 'vitest' {
  export interface ProvidedContext {
    shops: E2eShop[]
    chromiumPath: string
    adminEmail: string
    adminPassword: string
  }
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before it was ready; see ${logFile}:\n${tail(logFile)}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`the shop was not ready after ${timeoutMs / 1000} s; see ${logFile}:\n${tail(logFile)}`)
}

/** Asks the shop's process group to stop (the server and what it started). */
function stopShop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM')
  } catch {
    // already gone
  }
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n')
  } catch {
    return ''
  }
}

/** Runs `node args` in the shop's environment to its end, its output into `logFile`; throws with the log's tail when it fails. */
async function runToEnd(args: string[], env: ShopEnv, logFile: string): Promise<void> {
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, log] })
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
  fs.closeSync(log)
  if (code !== 0) throw new Error(`e2e: node ${args.join(' ')} exited with ${code}; see ${logFile}:\n${tail(logFile)}`)
}

/** Stops a shop's process group with SIGTERM, then SIGKILL after 15 s; resolves once it has exited. */
async function stopAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  stopShop(child)
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
      resolve(undefined)
    }, 15_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(undefined)
    })
  })
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium()
  const envs = Array.from({ length: E2E_WORKERS }, (_, n) => envFor(n))
  // Another shop on one of these ports (a run left behind, another checkout's suite) would answer the health check
  // and the tests would drive it, not this checkout: refuse to start instead.
  for (const env of envs) {
    if (await fetch(`${env.SITE_URL}/api/health`).then(() => true, () => false)) throw new Error(`e2e: something already answers on ${env.SITE_URL}; stop it, or set E2E_PORT to a free port (the suite uses ${E2E_WORKERS} from it)`)
  }
  for (const env of envs) {
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true })
    fs.mkdirSync(env.DATA_DIR, { recursive: true })
  }
  // One release (migrate, seed, build); every other shop starts from a copy of its database and files, taken while
  // nothing has them open.
  console.info(`e2e: releasing the shop (log: ${path.join(dataDir, 'server.log')})`)
  await runToEnd(['scripts/release.mjs'], E2E_ENV, path.join(dataDir, 'server.log'))
  for (const env of envs.slice(1)) {
    fs.cpSync(dataDir, env.DATA_DIR, { recursive: true, filter: (from) => path.basename(from) !== 'server.log' })
  }
  const children: ChildProcess[] = []
  const logs: number[] = []
  try {
    for (const [n, env] of envs.entries()) {
      const logFile = path.join(env.DATA_DIR, 'server.log')
      const log = fs.openSync(logFile, 'a')
      logs.push(log)
      const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, n === 0 ? 'scripts/start.mjs' : 'server.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', log, log], detached: true })
      children.push(child)
      console.info(`e2e: starting shop ${n + 1} on ${env.SITE_URL} (log: ${logFile})`)
    }
    await Promise.all(envs.map((env, n) => waitForHealth(env.SITE_URL, children[n]!, path.join(env.DATA_DIR, 'server.log'), 15 * 60_000)))
  } catch (error) {
    // A shop that never became ready must not outlive the run, holding its port for the next one.
    for (const child of children) stopShop(child)
    throw error
  }

  project.provide('shops', envs.map((env) => ({ baseURL: env.SITE_URL, serverLog: path.join(env.DATA_DIR, 'server.log'), env })))
  project.provide('chromiumPath', chromiumPath)
  project.provide('adminEmail', E2E_ENV.ADMIN_EMAIL)
  project.provide('adminPassword', E2E_ENV.ADMIN_PASSWORD)

  return async () => {
    await Promise.all(children.map(stopAndWait))
    for (const log of logs) fs.closeSync(log)
  }
}
