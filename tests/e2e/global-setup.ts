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
import { E2E_DATA_DIR, E2E_ENV, E2E_RELEASED_FLAG, E2E_WORKERS, e2eEnvFor, type ShopEnv } from './shop-env.mjs'

export { E2E_ENV, E2E_WORKERS } from './shop-env.mjs'
export type { ShopEnv } from './shop-env.mjs'
const dataDir = E2E_DATA_DIR

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
  const envs = Array.from({ length: E2E_WORKERS }, (_, n) => e2eEnvFor(n))
  // Another shop on one of these ports (a run left behind, another checkout's suite) would answer the health check
  // and the tests would drive it, not this checkout: refuse to start instead.
  for (const env of envs) {
    if (await fetch(`${env.SITE_URL}/api/health`).then(() => true, () => false)) throw new Error(`e2e: something already answers on ${env.SITE_URL}; stop it, or set E2E_PORT to a free port (the suite uses ${E2E_WORKERS} from it)`)
  }
  // npm test releases the first shop while the integration suites run (scripts/test.mjs), and says so.
  const released = process.env[E2E_RELEASED_FLAG] === '1' && fs.existsSync(path.join(dataDir, 'e2e.db'))
  for (const env of released ? envs.slice(1) : envs) {
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true })
    fs.mkdirSync(env.DATA_DIR, { recursive: true })
  }
  // One release (migrate, seed, build); every other shop starts from a copy of its database and files, taken while
  // nothing has them open.
  if (released) console.info('e2e: the shop was released by npm test')
  else {
    console.info(`e2e: releasing the shop (log: ${path.join(dataDir, 'server.log')})`)
    await runToEnd(['scripts/release.mjs'], E2E_ENV, path.join(dataDir, 'server.log'))
  }
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
