// Chooses the database adapter from DATABASE_URL and owns connection tuning for both (migrations: migrate.server.ts).
// No 'server-only' import: the Payload CLI (migrations, seed) loads this file outside Next.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { DatabaseAdapterObj, Payload } from 'payload'
import { env, type ParsedDatabase } from '../config/env'
import { guardPgConnections, isPostgres, sqliteDrizzle, pgDrizzle } from './database-internals'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * The SQLite file holds password hashes and orders: readable by the shop's user only (0600, like data/secrets.json).
 * libsql would create it with the process umask (usually 0644), and SQLite gives its -wal and -shm files the
 * database file's mode, so creating the file first, empty, with 0600 covers all three; an existing file is tightened.
 */
export function secureSqliteFile(url: string): void {
  const file = url.replace(/^file:/, '').split('?')[0]!
  if (!file || file === ':memory:') return
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    fs.writeFileSync(file, '', { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(f).mode & 0o077) !== 0) fs.chmodSync(f, 0o600)
    } catch {
      /* no such file yet */
    }
  }
}

export function databaseAdapter(database: ParsedDatabase): DatabaseAdapterObj {
  if (database.kind === 'postgres') {
    return postgresAdapter({
      pool: { connectionString: database.url, max: env().DATABASE_POOL_MAX },
      push: false, // committed migrations own the schema
      migrationDir: path.resolve(dirname, '../migrations/postgres'),
    })
  }
  secureSqliteFile(database.url)
  return sqliteAdapter({
    client: { url: database.url },
    push: false,
    migrationDir: path.resolve(dirname, '../migrations/sqlite'),
  })
}

/**
 * SQLite: write-ahead logging so readers never wait for a writer, and a busy timeout so concurrent
 * writers queue instead of failing with SQLITE_BUSY.
 */
export async function tuneDatabase(payload: Payload): Promise<void> {
  if (isPostgres(payload)) {
    guardPgConnections(payload, (error) => payload.logger.warn({ err: error }, 'a PostgreSQL connection was ended by the server; the pool replaces it'))
    return
  }
  const db = sqliteDrizzle(payload)
  await db.run(sql`PRAGMA journal_mode = WAL`)
  await db.run(sql`PRAGMA busy_timeout = 10000`)
  await db.run(sql`PRAGMA synchronous = NORMAL`)
}

export async function pingDatabase(payload: Payload): Promise<void> {
  if (isPostgres(payload)) await pgDrizzle(payload, null).execute(sql`select 1`)
  else await sqliteDrizzle(payload).run(sql`select 1`)
}
