// Queues a job durably and tries it at once in this process; the runner retries it if this try fails or
// the process dies before it finishes. The shop's own writes to payload_jobs are here and nowhere else.
import 'server-only'
import type { Payload, PayloadRequest } from 'payload'
import { execute, isPostgres, readRows, type Stmt, type TransactionId } from '../../cms/sql.server'

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
 * guard of a SQLite batch (see ChangeRecord in features/records/history.server.ts), null on PostgreSQL inside the transaction.
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

export interface SettledOptions {
  /** The queue the job goes on ('default' unless given). */
  readonly queue?: string
  /** How long the task waits for things to settle after the last request. */
  readonly settleMs: number
  /** The longest a queued job is put off by later requests: a stream of changes never postpones it for ever. */
  readonly maxWaitMs: number
  /** The caller's transaction, when there is one: the job then exists exactly when the change commits. */
  readonly req?: Partial<PayloadRequest>
  readonly now?: Date
}

/**
 * Queues `task` (no input) to run once things settle: a job of it that has not started yet takes this request too,
 * its start put back to `settleMs` from now (never past `maxWaitMs` after it was queued); otherwise a new one is
 * queued to start in `settleMs`. A job already running does not count: what it read may predate the change. The job's
 * input is `{ changedAt }`, the time of the last change it stands for. Answers whether a new job was queued. Two callers at once may queue two jobs; the task must be one that may run twice.
 */
export async function queueSettled(payload: Payload, task: string, options: SettledOptions): Promise<boolean> {
  const now = options.now ?? new Date()
  const transactionID = (options.req?.transactionID ?? null) as TransactionId
  const waitingSql = 'completed_at IS NULL AND (processing IS NULL OR processing = false) AND (has_error IS NULL OR has_error = false)'
  // The job's input says when the last change it stands for was made: a run that finds its work done since (by a
  // run of another job, or the same work done out of the queue) may skip it.
  const input = { changedAt: now.toISOString() }
  const [waiting] = (await execute(payload, transactionID, { sql: `SELECT id, created_at FROM payload_jobs WHERE task_slug = ? AND ${waitingSql} ORDER BY id DESC LIMIT 1`, args: [task] })).rows
  if (waiting) {
    const created = new Date(waiting.created_at instanceof Date ? waiting.created_at : String(waiting.created_at)).getTime()
    const start = new Date(Math.min(now.getTime() + options.settleMs, (Number.isNaN(created) ? now.getTime() : created) + options.maxWaitMs))
    const moved = await execute(payload, transactionID, {
      sql: `UPDATE payload_jobs SET wait_until = ?, input = ${isPostgres(payload) ? 'CAST(? AS jsonb)' : '?'}, updated_at = ? WHERE id = ? AND ${waitingSql}`,
      args: [start.toISOString(), JSON.stringify(input), now.toISOString(), Number(waiting.id)],
    })
    if (moved.rowsAffected > 0) return false
  }
  const queue = payload.jobs.queue as (args: { task: string; input: Record<string, unknown>; queue?: string; waitUntil: Date; req?: Partial<PayloadRequest>; overrideAccess: boolean }) => Promise<unknown>
  await queue({ task, input, queue: options.queue, waitUntil: new Date(now.getTime() + options.settleMs), req: options.req, overrideAccess: true })
  return true
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
