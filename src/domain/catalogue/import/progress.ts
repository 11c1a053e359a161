// What the admin's progress bar says about an import while its job runs: rows done out of rows,
// and the errors (refused rows) found so far. The import record counts `done` as the accepted rows its batches
// have written and `refusedCount` as every refused row found so far: the rows the file's own checks refused (all
// known before the first batch is written) and the few its batches refuse (an unknown picture), which are also
// in `done`. Rows dealt with are therefore at most done + refused: shown so, capped below the total until the
// job says it has finished, so the bar never reads "done" early.
import { numberText } from '../../../lib/text/number-text'

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed'

export interface ImportSnapshot {
  readonly status: ImportStatus
  readonly total: number
  readonly done: number
  readonly refused: number
  /** The last try's error, while the job runner still has tries left. */
  readonly error?: string | null
}

export interface ImportProgressView {
  /** For <progress value max>. */
  readonly value: number
  readonly max: number
  readonly percent: number
  readonly finished: boolean
  /** One sentence, e.g. "120 of 500 rows done, 3 errors so far." */
  readonly summary: string
}

const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0)
const rows = (n: number) => `${numberText(n)} ${n === 1 ? 'row' : 'rows'}`
const errors = (n: number) => `${numberText(n)} ${n === 1 ? 'error' : 'errors'}`

export function importProgress(snapshot: ImportSnapshot): ImportProgressView {
  const total = whole(snapshot.total)
  const refused = whole(snapshot.refused)
  const finished = snapshot.status === 'done' || snapshot.status === 'failed'
  const dealt = Math.min(whole(snapshot.done) + refused, total)
  const value = snapshot.status === 'done' ? total : finished ? dealt : Math.min(dealt, Math.max(0, total - 1))
  const percent = total === 0 ? (snapshot.status === 'done' ? 100 : 0) : Math.round((value / total) * 100)
  const summary =
    snapshot.status === 'done'
      ? `Finished: ${numberText(value)} of ${rows(total)} done, ${errors(refused)}.`
      : snapshot.status === 'failed'
        ? `Stopped after ${numberText(value)} of ${rows(total)}, ${errors(refused)}.${snapshot.error ? ` Reason: ${snapshot.error}` : ''}`
        : snapshot.status === 'queued' && value === 0
          ? `Waiting to start: 0 of ${rows(total)} done.`
          : `${numberText(value)} of ${rows(total)} done, ${errors(refused)} so far${snapshot.error ? ` (the last try stopped: ${snapshot.error}; it is tried again)` : ''}.`
  return { value, max: Math.max(total, 1), percent, finished, summary }
}
