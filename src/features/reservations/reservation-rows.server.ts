// The reservations table's hand-written SQL (no other feature file names its columns). Its changes
// go through the record lifecycle's claims and the stock ledger; what is here are the reads they cannot express.
import 'server-only'
import type { Payload } from 'payload'
import { readRows } from '../../cms/sql.server'

/**
 * Reservations that ended without a sale and still owe part of a paid deposit back (a provider refusal, or a
 * crash between the ending and the refund), at most `limit` of them: their ids.
 */
export async function reservationsOwingRefunds(payload: Payload, limit: number): Promise<number[]> {
  const rows = await readRows(payload, {
    sql: `SELECT id FROM reservations WHERE status IN ('cancelled', 'expired', 'released') AND payment_paid_at IS NOT NULL AND COALESCE(payment_refunded_pence, 0) < deposit_pence LIMIT ?`,
    args: [limit],
  })
  return rows.map((row) => Number(row.id))
}
