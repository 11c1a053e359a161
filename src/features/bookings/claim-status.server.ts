// Moves a booking's status with one conditional UPDATE, so of two changes racing (a customer's cancel and a
// staff check-in, or a double click) exactly one wins and only the winner moves capacity.
import 'server-only'
import { sql as pgSql } from '@payloadcms/db-postgres/drizzle'
import { sql as sqliteSql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

type Sql = typeof sqliteSql

export async function claimBookingStatus(payload: Payload, transactionID: string | number | null | undefined, bookingId: number, from: readonly string[], to: string): Promise<boolean> {
  const sql = (payload.db.name === 'postgres' ? pgSql : sqliteSql) as Sql
  const list = sql.join(from.map((s) => sql`${s}`), sql`, `)
  const query = sql`UPDATE bookings SET status = ${to} WHERE id = ${bookingId} AND status IN (${list})`
  const sessions = (payload.db as unknown as { sessions?: Record<string, { db: unknown }> }).sessions
  const db = (transactionID != null ? sessions?.[String(transactionID)]?.db : undefined) ?? payload.db.drizzle
  if (payload.db.name === 'postgres') return ((await (db as { execute: (q: unknown) => Promise<{ rowCount: number | null }> }).execute(query)).rowCount ?? 0) === 1
  return (await (db as { run: (q: unknown) => Promise<{ rowsAffected: number }> }).run(query)).rowsAffected === 1
}
