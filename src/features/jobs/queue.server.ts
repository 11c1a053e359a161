// Queues a job durably and tries it at once in this process; the runner retries it if this try fails or
// the process dies before it finishes. The shop's own writes to payload_jobs are here and nowhere else.
import 'server-only'
import type { Payload } from 'payload'
import { execute, isPostgres, readRows, type Stmt } from '../../cms/sql.server'

export async function enqueueJob(payload: Payload, task: string, input: Record<string, unknown>): Promise<string | number> {
  const job = await (payload.jobs.queue as (args: { task: string; input: Record<string, unknown>; overrideAccess?: boolean }) => Promise<{ id: string | number }>)({ task, input, overrideAccess: true })
  return job.id
}

export async function runJobNow(payload: Payload, id: string | number): Promise<void> {
  await payload.jobs.runByID({ id, overrideAccess: true, silent: true })
}

/** Queue and try at once; never throws for a failed try (the runner retries). */
export async function enqueueAndRun(payload: Payload, task: string, input: Record<string, unknown>): Promise<void> {
  const id = await enqueueJob(payload, task, input)
  await runJobNow(payload, id).catch((error) => payload.logger.warn({ err: error, task }, 'background job failed its first try; the runner retries it'))
}

/**
 * The INSERT that queues a job inside another unit of work (a paid order's confirmation email), so the job
 * exists exactly when the change it follows does: a crash can lose neither without the other. `when` is the
 * guard of a SQLite batch (see ChangeRecord in the stock ledger), null on PostgreSQL inside the transaction.
 * RETURNING the job's id, to try it at once after the commit (`runJobNow`).
 */
export function queueJobStatement(payload: Payload, task: string, input: Record<string, unknown>, now: Date, when: Stmt | null): Stmt {
  const stamp = now.toISOString()
  const body = JSON.stringify(input)
  if (isPostgres(payload)) {
    return {
      sql: `INSERT INTO payload_jobs (input, task_slug, queue, total_tried, has_error, processing, created_at, updated_at) SELECT ?::jsonb, ?::enum_payload_jobs_task_slug, 'default', 0, false, false, ?::timestamptz, ?::timestamptz WHERE ${when?.sql ?? 'TRUE'} RETURNING id`,
      args: [body, task, stamp, stamp, ...(when?.args ?? [])],
    }
  }
  return {
    sql: `INSERT INTO payload_jobs (input, task_slug, queue, total_tried, has_error, processing, created_at, updated_at) SELECT ?, ?, 'default', 0, 0, 0, ?, ? WHERE ${when?.sql ?? '1 = 1'} RETURNING id`,
    args: [body, task, stamp, stamp, ...(when?.args ?? [])],
  }
}

/** Jobs still to run or running (not completed, not failed for good), and when the oldest was queued: for /metrics. */
export async function queueDepth(payload: Payload): Promise<{ depth: number; oldest: Date | null }> {
  const [row] = await readRows(payload, {
    sql: 'SELECT count(*) AS depth, min(created_at) AS oldest FROM payload_jobs WHERE completed_at IS NULL AND (has_error IS NULL OR has_error = false)',
    args: [],
  })
  const oldest = row?.oldest == null ? null : new Date(row.oldest instanceof Date ? row.oldest : String(row.oldest))
  return { depth: Number(row?.depth ?? 0), oldest: oldest && !Number.isNaN(oldest.getTime()) ? oldest : null }
}

/** Marks a job done that was run outside the runner (its work done here and now, as tests ask). */
export async function markJobCompleted(payload: Payload, id: string | number, now: Date): Promise<void> {
  const at = now.toISOString()
  await execute(payload, null, { sql: 'UPDATE payload_jobs SET completed_at = ?, updated_at = ? WHERE id = ?', args: [at, at, Number(id)] })
}

/**
 * Says a long job is still alive: the runner takes a job left untouched for a while for a dead process's
 * (recoverStaleJobs) and would start it a second time.
 */
export async function touchJob(payload: Payload, id: string | number, now: Date): Promise<void> {
  await execute(payload, null, { sql: 'UPDATE payload_jobs SET updated_at = ? WHERE id = ?', args: [now.toISOString(), id] })
}
