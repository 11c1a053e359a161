// The shop's one background runner (ADR 007). Several app instances may run; exactly one of them is the
// runner at a time: on PostgreSQL the holder of a session advisory lock (it passes to another instance
// when the holder dies, because the lock dies with its connection), on SQLite the one process that may
// use the file. The runner works Payload's jobs queue (webhook deliveries, emails), releases expired
// holds, and reconciles what a killed process left half-done.
import 'server-only'
import type { Payload } from 'payload'
import { isPostgres, pgPool, type PgPoolClient } from '../../cms/database-internals'
import { BACKUP_QUEUE, queueBackupIfDue } from './backups.server'
import { FEEDS_QUEUE } from '../../features/feeds/rebuild-feeds'
import { reconcileStock } from '../../features/orders/reconcile-stock.server'
import { releaseExpiredHolds } from '../../features/orders/order-lifecycle.server'
import { releaseExpiredReservations } from '../../features/reservations/reservation-lifecycle.server'
import { queueDueReminders } from '../../features/deals/deal-rows.server'
import { openMissingDeals } from '../../features/deals/missing-deals.server'

const RUNNER_LOCK_KEY = 7_310_001 // any constant shared by every instance of this shop
const JOBS_EVERY_MS = 2_000
const SWEEP_EVERY_MS = 30_000
/**
 * A job still marked processing after this long belongs to a process that died mid-run (a delivery or an
 * email gives up after 10–30 s), so the runner takes it again; handlers are idempotent.
 */
const STALE_PROCESSING_MS = 45_000


let started = false
/** Queues whose jobs run beside the passes, one at a time each, and the run in progress of each. */
const SIDE_QUEUES = [BACKUP_QUEUE, FEEDS_QUEUE]
const sideRuns = new Map<string, Promise<void>>()
let lockClient: PgPoolClient | null = null

async function isRunner(payload: Payload): Promise<boolean> {
  if (!isPostgres(payload)) return true
  if (lockClient) return true
  const client = await pgPool(payload).connect()
  const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS locked', [RUNNER_LOCK_KEY])
  if (!rows[0]?.locked) {
    client.release()
    return false
  }
  client.on('error', () => {
    lockClient = null
  })
  lockClient = client
  payload.logger.info('this instance is now the background runner')
  return true
}

/** Jobs a dead runner had taken are taken again (their handlers are idempotent). */
export async function recoverStaleJobs(payload: Payload, olderThanMs = STALE_PROCESSING_MS, now = new Date()): Promise<number> {
  const stale = await payload.update({
    collection: 'payload-jobs',
    where: { and: [{ processing: { equals: true } }, { updatedAt: { less_than: new Date(now.getTime() - olderThanMs).toISOString() } }] },
    data: { processing: false },
    overrideAccess: true,
    depth: 0,
  })
  return stale.docs.length
}

/** One pass of the runner: due jobs, expired holds, and what a crash left behind. Exported for tests. */
export async function runBackgroundPass(payload: Payload, options: { sweep: boolean; now?: Date; startUp?: boolean }): Promise<void> {
  const now = options.now ?? new Date()
  if (options.sweep) {
    await reconcileStock(payload, { now, olderThanMs: options.startUp && !isPostgres(payload) ? 0 : undefined })
    const released = await releaseExpiredHolds(payload, now)
    if (released) payload.logger.info({ released }, 'expired stock holds released')
    const ended = await releaseExpiredReservations(payload, now)
    if (ended) payload.logger.info({ ended }, 'expired reservations released')
    if (await queueBackupIfDue(payload, now)) payload.logger.info('scheduled backup queued')
    // A step whose process died before it joined its deal: looked for over the last ten minutes, a day at start-up.
    const opened = await openMissingDeals(payload, now, new Date(now.getTime() - (options.startUp ? 86_400_000 : 10 * 60_000)))
    if (opened) payload.logger.warn({ opened }, 'deals opened for steps that had none')
    const reminded = await queueDueReminders(payload, now)
    if (reminded) payload.logger.info({ reminded }, 'deal reminders queued')
  }
  await recoverStaleJobs(payload, options.startUp ? 0 : STALE_PROCESSING_MS, now)
  // Backups, and the builds of the sitemap and the Merchant feed (ADR 042), have queues of their own, each run beside
  // the passes rather than inside one: a job of minutes must not hold up webhook deliveries and emails.
  await payload.jobs.run({ allQueues: true, where: { queue: { not_in: SIDE_QUEUES } }, limit: 20, overrideAccess: true, silent: { info: true } })
  for (const queue of SIDE_QUEUES) {
    if (sideRuns.has(queue)) continue
    const run = payload.jobs
      .run({ queue, limit: 1, overrideAccess: true, silent: { info: true } })
      .then(
        () => undefined,
        (error: unknown) => payload.logger.error({ err: error, queue }, 'background job failed'),
      )
      .finally(() => sideRuns.delete(queue))
    sideRuns.set(queue, run)
  }
}

/** Resolves once the backup run in progress (if any) has finished; for tests and shutdown. */
export async function backupsSettled(): Promise<void> {
  await sideRuns.get(BACKUP_QUEUE)
}

export function startBackgroundRunner(): void {
  if (started || process.env.BACKGROUND_RUNNER === 'off') return
  started = true
  let lastSweep = 0
  let running = false
  let first = true
  const tick = async () => {
    if (running) return
    running = true
    try {
      // The shop's own client and config, only once the runner runs: tests call runBackgroundPass with their own.
      const { payloadClient } = await import('../../cms/payload-client.server')
      const payload = await payloadClient()
      const wasRunner = lockClient != null || !isPostgres(payload)
      if (!(await isRunner(payload))) return
      const startUp = first || (!wasRunner && isPostgres(payload))
      const sweep = startUp || Date.now() - lastSweep >= SWEEP_EVERY_MS
      if (sweep) lastSweep = Date.now()
      await runBackgroundPass(payload, { sweep, startUp })
      first = false
    } catch (error) {
      console.error('background runner pass failed', error)
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), JOBS_EVERY_MS)
  timer.unref()
  void tick()
}
