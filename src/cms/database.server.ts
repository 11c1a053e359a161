// Chooses the database adapter from DATABASE_URL and owns migrations and connection tuning for both.
// No 'server-only' import: the Payload CLI (migrations, seed) loads this file outside Next.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { DatabaseAdapterObj, Migration, Payload } from 'payload'
import type { ParsedDatabase } from '../config/env'
import { migrations as postgresMigrations } from '../migrations/postgres'
import { migrations as sqliteMigrations } from '../migrations/sqlite'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export function databaseAdapter(database: ParsedDatabase): DatabaseAdapterObj {
  if (database.kind === 'postgres') {
    return postgresAdapter({
      pool: { connectionString: database.url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
      push: false, // committed migrations own the schema
      migrationDir: path.resolve(dirname, '../migrations/postgres'),
    })
  }
  return sqliteAdapter({
    client: { url: database.url },
    push: false,
    migrationDir: path.resolve(dirname, '../migrations/sqlite'),
  })
}

/** Applies every committed migration that has not run yet. */
export async function migrateDatabase(payload: Payload): Promise<void> {
  const migrations = payload.db.name === 'postgres' ? postgresMigrations : sqliteMigrations
  // Generated migrations type their arguments per adapter; Payload's shared type erases them.
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
}

/**
 * SQLite: write-ahead logging so readers never wait for a writer, and a busy timeout so concurrent
 * writers queue instead of failing with SQLITE_BUSY.
 */
export async function tuneDatabase(payload: Payload): Promise<void> {
  if (payload.db.name === 'postgres') return
  const db = payload.db.drizzle as unknown as { run: (q: unknown) => Promise<unknown> }
  await db.run(sql`PRAGMA journal_mode = WAL`)
  await db.run(sql`PRAGMA busy_timeout = 10000`)
  await db.run(sql`PRAGMA synchronous = NORMAL`)
}

export async function pingDatabase(payload: Payload): Promise<void> {
  const db = payload.db.drizzle as unknown as { execute?: (q: unknown) => Promise<unknown>; run?: (q: unknown) => Promise<unknown> }
  if (payload.db.name === 'postgres') await db.execute!(sql`select 1`)
  else await db.run!(sql`select 1`)
}
