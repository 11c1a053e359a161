// The saved_bikes table's hand-written SQL (no other feature file names its columns): the claim that
// makes a price drop or a return to stock emailed once per saved row, however often the alert job runs.
import 'server-only'
import type { Payload } from 'payload'
import { execute, isPostgres } from '../../cms/sql.server'

/** Claims a saved row for the change `key` (while it still asks for alerts); true when this call claimed it. */
export async function claimAlert(payload: Payload, savedId: number, key: string, now: Date): Promise<boolean> {
  const claimed = await execute(payload, null, {
    sql: 'UPDATE saved_bikes SET last_alert_key = ?, last_alert_at = ? WHERE id = ? AND alerts = ? AND (last_alert_key IS NULL OR last_alert_key <> ?)',
    args: [key, now.toISOString(), savedId, isPostgres(payload) ? 'true' : 1, key],
  })
  return claimed.rowsAffected === 1
}

/** Gives a claim back (its email could not be sent), unless a later change has claimed the row since. */
export async function releaseAlert(payload: Payload, savedId: number, key: string, previousKey: string | null): Promise<void> {
  await execute(payload, null, { sql: 'UPDATE saved_bikes SET last_alert_key = ? WHERE id = ? AND last_alert_key = ?', args: [previousKey, savedId, key] })
}
