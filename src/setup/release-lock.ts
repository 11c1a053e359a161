// One release at a time (docs/decisions/026): building and migrating happen under a lock that every instance of
// the shop agrees on, so two started together never both migrate; the second waits, then finds nothing to do.
// PostgreSQL: a session advisory lock, released by the server if the holder dies. SQLite (one machine): a lock
// file beside the database holding the owner's process id; a lock whose owner is gone is taken over.
// No 'server-only' import: scripts/release.mjs and scripts/start.mjs load this outside Next.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { ParsedDatabase } from '../config/env'

/** Any constant shared by every instance of this shop, other than the background runner's (7_310_001). */
export const RELEASE_LOCK_KEY = 7_310_002

export interface ReleaseLockOptions {
  /** Called once if another release holds the lock and this one has to wait. */
  onWait?: () => void
  /** How long to wait for the other release before giving up (default 30 minutes: a build takes a few). */
  timeoutMs?: number
}

export function sqliteLockFile(database: ParsedDatabase): string {
  return `${database.url.replace(/^file:/i, '').split('?')[0]}.release-lock`
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function withFileLock<T>(file: string, fn: () => Promise<T>, { onWait, timeoutMs = 30 * 60_000 }: ReleaseLockOptions): Promise<T> {
  const mine = `${process.pid} ${Date.now()} ${Math.random()}`
  const deadline = Date.now() + timeoutMs
  let waited = false
  // A fresh checkout has no data directory yet: the database's own directory is made here, as migrate would.
  fs.mkdirSync(path.dirname(file), { recursive: true })
  for (;;) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx', mode: 0o600 })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let owner = NaN
    try {
      owner = Number(fs.readFileSync(file, 'utf8').split(' ')[0])
    } catch {
      continue // released meanwhile
    }
    if (Number.isInteger(owner) && owner > 0 && !processAlive(owner)) {
      fs.rmSync(file, { force: true }) // its release died: take over
      continue
    }
    if (!waited) onWait?.()
    waited = true
    if (Date.now() > deadline) throw new Error(`another release (process ${owner}) has held ${file} for too long; if no release is running, remove that file`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  try {
    return await fn()
  } finally {
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true })
    } catch {
      /* already gone */
    }
  }
}

async function withAdvisoryLock<T>(url: string, fn: () => Promise<T>, { onWait, timeoutMs = 30 * 60_000 }: ReleaseLockOptions): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RELEASE_LOCK_KEY])
    if (!rows[0]?.locked) {
      onWait?.()
      await client.query(`SET lock_timeout = ${Math.round(timeoutMs)}`)
      await client.query('SELECT pg_advisory_lock($1)', [RELEASE_LOCK_KEY])
    }
    try {
      return await fn()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [RELEASE_LOCK_KEY])
    }
  } finally {
    await client.end()
  }
}

/** Runs `fn` holding the shop's release lock; waits while another process holds it. */
export function withReleaseLock<T>(database: ParsedDatabase, fn: () => Promise<T>, options: ReleaseLockOptions = {}): Promise<T> {
  return database.kind === 'postgres' ? withAdvisoryLock(database.url, fn, options) : withFileLock(sqliteLockFile(database), fn, options)
}
