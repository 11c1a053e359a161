// Starts the shop exactly as the README's first command does (scripts/start.mjs: migrate, seed, build
// when stale, serve) on a fresh SQLite database, and stops it with SIGTERM at the end.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureChromium } from './chromium'
import { SHOP_NODE_FLAGS } from '../../scripts/shop-node-flags.mjs'

const PORT = Number(process.env.E2E_PORT || 3210)
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    chromiumPath: string
    adminEmail: string
    adminPassword: string
    serverLog: string
    e2eEnv: Record<string, string>
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

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium()
  const baseURL = `http://localhost:${PORT}`
  // Another shop on this port (a run left behind, another checkout's suite) would answer the health check and the
  // tests would drive it, not this checkout: refuse to start instead.
  if (await fetch(`${baseURL}/api/health`).then(() => true, () => false)) throw new Error(`e2e: something already answers on ${baseURL}; stop it, or set E2E_PORT to a free port`)
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.mkdirSync(dataDir, { recursive: true })
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, 'scripts/start.mjs'], {
    env: { ...process.env, ...E2E_ENV },
    stdio: ['ignore', log, log],
    detached: true,
  })
  console.info(`e2e: starting the shop on ${baseURL} (log: ${logFile})`)
  try {
    await waitForHealth(baseURL, child, logFile, 15 * 60_000)
  } catch (error) {
    // A shop that never became ready must not outlive the run, holding the port for the next one.
    stopShop(child)
    throw error
  }

  project.provide('baseURL', baseURL)
  project.provide('chromiumPath', chromiumPath)
  project.provide('adminEmail', E2E_ENV.ADMIN_EMAIL)
  project.provide('adminPassword', E2E_ENV.ADMIN_PASSWORD)
  project.provide('serverLog', logFile)
  project.provide('e2eEnv', E2E_ENV)

  return async () => {
    if (child.exitCode === null) {
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
    fs.closeSync(log)
  }
}
