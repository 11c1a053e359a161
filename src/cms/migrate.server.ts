// Applies the committed migrations (src/migrations), for the release and the commands that prepare a database. Kept
// apart from database.server.ts, which the shop's config loads: the migrations' SQL is only needed here, and the
// server build would otherwise carry it into every route group's chunk (ADR 032).
// No 'server-only' import: the Payload CLI (migrations, seed) loads this file outside Next.
import type { Payload } from 'payload'
import { migrations as postgresMigrations } from '../migrations/postgres'
import { migrations as sqliteMigrations } from '../migrations/sqlite'
import { isPostgres, runAdapterMigrations } from './database-internals'

/** The names of the migrations this database has run (none on a new database). */
async function migrationsRun(payload: Payload): Promise<Set<string>> {
  try {
    const { docs } = await payload.find({ collection: 'payload-migrations', pagination: false, depth: 0, overrideAccess: true })
    return new Set(docs.map((d) => d.name ?? ''))
  } catch {
    return new Set() // no migrations table yet
  }
}

/** Applies every committed migration that has not run yet; answers the names of those it applied. */
export async function migrateDatabase(payload: Payload): Promise<string[]> {
  const migrations = isPostgres(payload) ? postgresMigrations : sqliteMigrations
  const done = await migrationsRun(payload)
  const pending = migrations.map((m) => m.name).filter((name) => !done.has(name))
  if (pending.length === 0) return []
  await runAdapterMigrations(payload, migrations)
  return pending
}
