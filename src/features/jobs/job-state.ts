// A job of the queue as staff read it in the admin's jobs list: its state in words, from the fields Payload keeps
// (completedAt, hasError, processing, waitUntil, totalTried) rather than the raw JSON of its log.

export interface JobRecord {
  readonly completedAt?: string | null
  readonly hasError?: boolean | null
  readonly processing?: boolean | null
  readonly waitUntil?: string | null
  readonly totalTried?: number | null
  readonly error?: unknown
}

export type JobState = 'done' | 'failed' | 'running' | 'retrying' | 'scheduled' | 'queued'

export const JOB_STATE_LABELS: Record<JobState, string> = {
  done: 'Done',
  failed: 'Failed (no more tries)',
  running: 'Running',
  retrying: 'Waiting to try again',
  scheduled: 'Waiting until its time',
  queued: 'Queued',
}

export function jobState(job: JobRecord, now: Date): JobState {
  if (job.hasError) return 'failed'
  if (job.completedAt) return 'done'
  if (job.processing) return 'running'
  const waiting = job.waitUntil != null && Date.parse(job.waitUntil) > now.getTime()
  if ((job.totalTried ?? 0) > 0) return 'retrying'
  return waiting ? 'scheduled' : 'queued'
}

/** The last error's message, however the queue stored it (text, { message }, or { message, stack }). */
export function jobErrorMessage(error: unknown, max = 240): string {
  if (error == null || error === '') return ''
  let text: string
  if (typeof error === 'string') text = error
  else if (typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') text = (error as { message: string }).message
  else text = JSON.stringify(error)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
