// Queues a job durably and tries it at once in this process; the runner retries it if this try fails or
// the process dies before it finishes.
import 'server-only'
import type { Payload } from 'payload'

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
