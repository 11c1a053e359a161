// The one module that reaches into Payload's database adapter (`payload.db`): its transactions, the drizzle handle
// of a transaction's session, the libsql client, the pg pool, and its migrate call. Some of these are not Payload's
// public API (sessions, client, pool), so a Payload upgrade may move them: everything else in the shop goes through
// here, and tests/int/database-internals.int.test.ts fails, on either database, the moment one of them moves.
// No 'server-only' import: start-up scripts and the Payload CLI load the config, and with it this, outside Next.
import type { CollectionSlug, Migration, Payload } from 'payload'

export type DatabaseKind = 'postgres' | 'sqlite'
export type TransactionId = string | number | null | undefined

/** A statement as drizzle builds it (its `sql` template or `sql.raw`/`sql.join`). */
type DrizzleQuery = unknown

export interface PgDrizzle {
  execute(query: DrizzleQuery): Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>
}
export interface SqliteDrizzle {
  run(query: DrizzleQuery): Promise<unknown>
}
export interface SqliteClient {
  execute(stmt: { sql: string; args: (string | number | null)[] }): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }>
  batch(stmts: { sql: string; args: (string | number | null)[] }[], mode: 'write'): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }[]>
}
/** A pooled PostgreSQL connection held apart from Payload's work (the job runner's advisory lock). */
export interface PgPoolClient {
  query(sql: string, args?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  release(destroy?: boolean): void
  on(event: 'error', fn: (error: unknown) => void): void
}
interface PgPool {
  connect(): Promise<PgPoolClient>
  on(event: 'acquire' | 'connect', fn: (client: PgPoolClient) => void): void
  on(event: 'error', fn: (error: unknown) => void): void
  options?: { max?: number }
  totalCount?: number
  idleCount?: number
  waitingCount?: number
}

interface AdapterInternals {
  name: string
  drizzle: unknown
  sessions?: Record<string, { db: unknown }>
  client?: unknown
  pool?: PgPool
}

const internals = (payload: Payload) => payload.db as unknown as AdapterInternals

export function databaseKind(payload: Payload): DatabaseKind {
  return payload.db.name === 'postgres' ? 'postgres' : 'sqlite'
}

export const isPostgres = (payload: Payload): boolean => databaseKind(payload) === 'postgres'

/** A transaction of Payload's adapter: its id is passed as `req.transactionID` so Payload's own writes join it. */
export async function beginTransaction(payload: Payload): Promise<string | number | null> {
  return (await payload.db.beginTransaction()) ?? null
}

export async function commitTransaction(payload: Payload, id: string | number): Promise<void> {
  await payload.db.commitTransaction(id)
}

export async function rollbackTransaction(payload: Payload, id: string | number): Promise<void> {
  await payload.db.rollbackTransaction(id)
}

/** PostgreSQL: the drizzle handle of the transaction `id` (its session's connection), or null when there is none. */
export function pgSession(payload: Payload, id: string | number): PgDrizzle | null {
  return (internals(payload).sessions?.[String(id)]?.db as PgDrizzle | undefined) ?? null
}

/** PostgreSQL: the transaction's handle when there is one, else the pool's. */
export function pgDrizzle(payload: Payload, transactionID: TransactionId): PgDrizzle {
  return (transactionID != null ? pgSession(payload, transactionID) : null) ?? (internals(payload).drizzle as PgDrizzle)
}

/** SQLite: drizzle over the shop's one connection (pragmas). */
export function sqliteDrizzle(payload: Payload): SqliteDrizzle {
  return internals(payload).drizzle as SqliteDrizzle
}

/** SQLite: the libsql client under Payload's adapter, for our own statements and atomic batches. */
export function sqliteClient(payload: Payload): SqliteClient {
  return internals(payload).client as SqliteClient
}

/** PostgreSQL: the adapter's connection pool. */
export function pgPool(payload: Payload): PgPool {
  const pool = internals(payload).pool
  if (!pool) throw new Error('database internals: the PostgreSQL adapter has no pool')
  return pool
}

/** Runs the committed migrations through the adapter (it skips those already run). */
/**
 * Writes a record's row through the adapter alone: no hooks, no access, no field validation. For the one writer that
 * must (an erasure empties fields a hook or a required rule would refuse to see emptied, and records the request's
 * own outcome however its hooks judge staff edits).
 */
export async function writeRowDirectly(payload: Payload, collection: CollectionSlug, id: number, data: Record<string, unknown>): Promise<void> {
  await payload.db.updateOne({ collection, id, data })
}

export async function runAdapterMigrations(payload: Payload, migrations: readonly unknown[]): Promise<void> {
  // Generated migrations type their arguments per adapter; Payload's shared type erases them.
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
}

/**
 * What of the above is missing or has changed shape on this adapter: empty when all is where this module reads it.
 * A transaction is begun and rolled back to see its session (PostgreSQL).
 */
export async function checkDatabaseInternals(payload: Payload): Promise<string[]> {
  const problems: string[] = []
  const db = internals(payload)
  const fn = (value: unknown, name: string) => {
    if (typeof value !== 'function') problems.push(`${name} is not a function`)
  }
  fn(payload.db.beginTransaction, 'payload.db.beginTransaction')
  fn(payload.db.commitTransaction, 'payload.db.commitTransaction')
  fn(payload.db.rollbackTransaction, 'payload.db.rollbackTransaction')
  fn(payload.db.migrate, 'payload.db.migrate')
  if (isPostgres(payload)) {
    fn((db.drizzle as PgDrizzle | undefined)?.execute, 'payload.db.drizzle.execute')
    fn(db.pool?.connect, 'payload.db.pool.connect')
    if (typeof db.pool?.options?.max !== 'number') problems.push('payload.db.pool.options.max is not a number')
    const id = await beginTransaction(payload)
    if (id == null) problems.push('payload.db.beginTransaction gave no transaction')
    else {
      try {
        fn(pgSession(payload, id)?.execute, 'payload.db.sessions[id].db.execute')
      } finally {
        await rollbackTransaction(payload, id)
      }
    }
  } else {
    fn((db.drizzle as SqliteDrizzle | undefined)?.run, 'payload.db.drizzle.run')
    fn((db.client as SqliteClient | undefined)?.execute, 'payload.db.client.execute')
    fn((db.client as SqliteClient | undefined)?.batch, 'payload.db.client.batch')
  }
  return problems
}

const guardedClients = new WeakSet<object>()

/**
 * PostgreSQL: a connection the server ends while the shop holds it (a restart or failover of PostgreSQL, an
 * administrator's pg_terminate_backend) is logged, not thrown. pg emits such an end as an 'error' event on the
 * client, which the pool listens to only while the client is idle; a client checked out by a transaction has no
 * listener, and Node would end the whole process for it. The query in flight fails as it should, and the pool drops
 * the dead connection when it is released. Every client gets the listener the first time it is handed out.
 */
export function guardPgConnections(payload: Payload, onError: (error: unknown) => void): void {
  const pool = internals(payload).pool
  if (!pool || typeof pool.on !== 'function') return
  const guard = (client: PgPoolClient) => {
    if (guardedClients.has(client)) return
    guardedClients.add(client)
    client.on('error', onError)
  }
  pool.on('connect', guard)
  pool.on('acquire', guard)
  pool.on('error', onError)
}
