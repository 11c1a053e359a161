// The booking engine's counters in the database: one (resource, day) row each, moved only by single
// conditional UPDATEs, so two bookings can never both take the last room of a day on SQLite or PostgreSQL.
// No 'server-only' import: `npm start`'s prepare step (outside Next) reconciles the counters with it.
import type { Payload } from 'payload'
import { execute, readRows, type TransactionId } from '../../cms/sql.server'

/**
 * Takes `amount` of `resource` on `day` if it still fits under `capacity`; false (nothing changed) when the
 * day is full. The row is created first (ON CONFLICT DO NOTHING) so the UPDATE always has a row to guard.
 */
export async function takeCapacity(payload: Payload, transactionID: TransactionId, resource: string, day: string, amount: number, capacity: number): Promise<boolean> {
  const n = Math.floor(amount)
  if (!(n > 0)) throw new Error('takeCapacity: amount must be positive')
  await execute(payload, transactionID, { sql: 'INSERT INTO booking_days (resource, day, used_minutes) VALUES (?, ?, 0) ON CONFLICT (resource, day) DO NOTHING', args: [resource, day] })
  const changed = await execute(payload, transactionID, {
    sql: 'UPDATE booking_days SET used_minutes = used_minutes + ? WHERE resource = ? AND day = ? AND used_minutes + ? <= ?',
    args: [n, resource, day, n, capacity],
  })
  return changed.rowsAffected === 1
}

/** Gives `amount` back (a cancelled or moved booking); never below zero. */
export async function returnCapacity(payload: Payload, transactionID: TransactionId, resource: string, day: string, amount: number): Promise<void> {
  const n = Math.floor(amount)
  if (!(n > 0)) return
  await execute(payload, transactionID, {
    sql: 'UPDATE booking_days SET used_minutes = CASE WHEN used_minutes >= ? THEN used_minutes - ? ELSE 0 END WHERE resource = ? AND day = ?',
    args: [n, n, resource, day],
  })
}

/** Capacity used per day of `resource` from `from` to `to` (inclusive). */
export async function usageBetween(payload: Payload, resource: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = await readRows(payload, { sql: 'SELECT day, used_minutes AS used FROM booking_days WHERE resource = ? AND day >= ? AND day <= ?', args: [resource, from, to] })
  return new Map(rows.map((r) => [String(r.day), Number(r.used)]))
}

/** Capacity used per (resource, day) for resources starting with `prefix` (e.g. every window of one demo bike). */
export async function usageByPrefix(payload: Payload, prefix: string, from: string, to: string): Promise<{ resource: string; day: string; used: number }[]> {
  const rows = await readRows(payload, {
    sql: 'SELECT resource, day, used_minutes AS used FROM booking_days WHERE resource LIKE ? AND day >= ? AND day <= ?',
    args: [`${prefix}%`, from, to],
  })
  return rows.map((r) => ({ resource: String(r.resource), day: String(r.day), used: Number(r.used) }))
}

/**
 * Recomputes every counter from the bookings that hold capacity (all but cancelled ones). Run at start-up
 * (and by staff) to reconcile the counters after a crash between a counter update and its booking write
 * on SQLite, which runs without transactions here. Answers how many counters changed.
 */
export async function recomputeCapacity(payload: Payload): Promise<number> {
  await execute(payload, null, {
    sql: "INSERT INTO booking_days (resource, day, used_minutes) SELECT resource, day, 0 FROM bookings WHERE status <> 'cancelled' AND resource IS NOT NULL GROUP BY resource, day ON CONFLICT (resource, day) DO NOTHING",
    args: [],
  })
  const changed = await execute(payload, null, {
    sql: `UPDATE booking_days SET used_minutes = COALESCE((SELECT SUM(b.minutes) FROM bookings b WHERE b.resource = booking_days.resource AND b.day = booking_days.day AND b.status <> 'cancelled'), 0)
          WHERE used_minutes <> COALESCE((SELECT SUM(b.minutes) FROM bookings b WHERE b.resource = booking_days.resource AND b.day = booking_days.day AND b.status <> 'cancelled'), 0)`,
    args: [],
  })
  return changed.rowsAffected
}
