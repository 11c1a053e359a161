// The booking engine's counters in the database: one (resource, day) row each, moved only by single
// conditional UPDATEs, so two bookings can never both take the last room of a day on SQLite or PostgreSQL.
// No 'server-only' import: `npm start`'s prepare step (outside Next) reconciles the counters with it.
import { sql as pgSql } from '@payloadcms/db-postgres/drizzle'
import { sql as sqliteSql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

type Sql = typeof sqliteSql
type Query = ReturnType<Sql>
type TransactionID = string | number | null | undefined

function sqlFor(payload: Payload): Sql {
  return (payload.db.name === 'postgres' ? pgSql : sqliteSql) as Sql
}

type SqliteDb = { run: (q: unknown) => Promise<{ rowsAffected: number }>; all: (q: unknown) => Promise<unknown[]> }
type PostgresDb = { execute: (q: unknown) => Promise<{ rowCount: number | null; rows: unknown[] }> }

function dbOf(payload: Payload, transactionID: TransactionID): unknown {
  const sessions = (payload.db as unknown as { sessions?: Record<string, { db: unknown }> }).sessions
  return (transactionID != null ? sessions?.[String(transactionID)]?.db : undefined) ?? payload.db.drizzle
}

/** Runs one write on the transaction's connection (PostgreSQL) or the shop's SQLite connection: rows changed. */
async function write(payload: Payload, transactionID: TransactionID, query: Query): Promise<number> {
  const db = dbOf(payload, transactionID)
  if (payload.db.name === 'postgres') return (await (db as PostgresDb).execute(query)).rowCount ?? 0
  return (await (db as SqliteDb).run(query)).rowsAffected
}

async function read<T>(payload: Payload, transactionID: TransactionID, query: Query): Promise<T[]> {
  const db = dbOf(payload, transactionID)
  if (payload.db.name === 'postgres') return (await (db as PostgresDb).execute(query)).rows as T[]
  return (await (db as SqliteDb).all(query)) as T[]
}

/**
 * Takes `amount` of `resource` on `day` if it still fits under `capacity`; false (nothing changed) when the
 * day is full. The row is created first (ON CONFLICT DO NOTHING) so the UPDATE always has a row to guard.
 */
export async function takeCapacity(payload: Payload, transactionID: TransactionID, resource: string, day: string, amount: number, capacity: number): Promise<boolean> {
  const sql = sqlFor(payload)
  const n = Math.floor(amount)
  if (!(n > 0)) throw new Error('takeCapacity: amount must be positive')
  await write(payload, transactionID, sql`INSERT INTO booking_days (resource, day, used_minutes) VALUES (${resource}, ${day}, 0) ON CONFLICT (resource, day) DO NOTHING`)
  const changed = await write(payload, transactionID, sql`UPDATE booking_days SET used_minutes = used_minutes + ${n} WHERE resource = ${resource} AND day = ${day} AND used_minutes + ${n} <= ${capacity}`)
  return changed === 1
}

/** Gives `amount` back (a cancelled or moved booking); never below zero. */
export async function returnCapacity(payload: Payload, transactionID: TransactionID, resource: string, day: string, amount: number): Promise<void> {
  const sql = sqlFor(payload)
  const n = Math.floor(amount)
  if (!(n > 0)) return
  await write(payload, transactionID, sql`UPDATE booking_days SET used_minutes = CASE WHEN used_minutes >= ${n} THEN used_minutes - ${n} ELSE 0 END WHERE resource = ${resource} AND day = ${day}`)
}

/** Capacity used per day of `resource` from `from` to `to` (inclusive). */
export async function usageBetween(payload: Payload, resource: string, from: string, to: string): Promise<Map<string, number>> {
  const sql = sqlFor(payload)
  const rows = await read<{ day: string; used: number | string }>(payload, null, sql`SELECT day, used_minutes AS used FROM booking_days WHERE resource = ${resource} AND day >= ${from} AND day <= ${to}`)
  return new Map(rows.map((r) => [r.day, Number(r.used)]))
}

/** Capacity used per (resource, day) for resources starting with `prefix` (e.g. every window of one demo bike). */
export async function usageByPrefix(payload: Payload, prefix: string, from: string, to: string): Promise<{ resource: string; day: string; used: number }[]> {
  const sql = sqlFor(payload)
  const rows = await read<{ resource: string; day: string; used: number | string }>(payload, null, sql`SELECT resource, day, used_minutes AS used FROM booking_days WHERE resource LIKE ${`${prefix}%`} AND day >= ${from} AND day <= ${to}`)
  return rows.map((r) => ({ resource: r.resource, day: r.day, used: Number(r.used) }))
}

/**
 * Recomputes every counter from the bookings that hold capacity (all but cancelled ones). Run at start-up
 * (and by staff) to reconcile the counters after a crash between a counter update and its booking write
 * on SQLite, which runs without transactions here. Answers how many counters changed.
 */
export async function recomputeCapacity(payload: Payload): Promise<number> {
  const sql = sqlFor(payload)
  await write(payload, null, sql`INSERT INTO booking_days (resource, day, used_minutes) SELECT resource, day, 0 FROM bookings WHERE status <> 'cancelled' AND resource IS NOT NULL GROUP BY resource, day ON CONFLICT (resource, day) DO NOTHING`)
  return write(
    payload,
    null,
    sql`UPDATE booking_days SET used_minutes = COALESCE((SELECT SUM(b.minutes) FROM bookings b WHERE b.resource = booking_days.resource AND b.day = booking_days.day AND b.status <> 'cancelled'), 0)
        WHERE used_minutes <> COALESCE((SELECT SUM(b.minutes) FROM bookings b WHERE b.resource = booking_days.resource AND b.day = booking_days.day AND b.status <> 'cancelled'), 0)`,
  )
}
