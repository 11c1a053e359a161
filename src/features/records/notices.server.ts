// What a record tells its customer after a change: the email job queued with the change is tried at once, or an
// email the change did not queue is queued and tried. Never throws: the job runner retries what failed.
import 'server-only'
import type { Payload } from 'payload'
import { enqueueAndRun, markJobCompleted, runJobNow } from '../jobs/queue.server'

/**
 * After a change committed with its queued email job (`then`): try that job now (the runner retries it if this
 * try fails or the process dies). With `direct` (an email sender given, in tests) the email is sent here and
 * the job marked done, so it is still sent once.
 */
export async function runQueuedNow(payload: Payload, followUps: readonly Record<string, unknown>[][] | undefined, direct: (() => Promise<void>) | null, context: Record<string, unknown>): Promise<void> {
  const jobId = followUps?.[0]?.[0]?.id
  try {
    if (direct) {
      await direct()
      if (jobId != null) await markJobCompleted(payload, Number(jobId), new Date())
      return
    }
    if (jobId == null) throw new Error('the email job was not queued with the change')
    await runJobNow(payload, Number(jobId))
  } catch (error) {
    payload.logger.warn({ err: error, ...context }, 'email after a lifecycle change: first try failed; the runner retries it')
  }
}

/** An email after a change that did not queue it itself: sent here (tests) or queued and tried at once. Never throws. */
export async function notify(payload: Payload, task: string, input: Record<string, unknown>, direct: (() => Promise<void>) | null): Promise<void> {
  try {
    await (direct ? direct() : enqueueAndRun(payload, task, input))
  } catch (error) {
    payload.logger.error({ err: error, ...input }, 'email after a lifecycle change could not be queued')
  }
}

