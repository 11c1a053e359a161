// The admin's jobs list in words: each job's kind (its task's label), state, last error and times, instead of the
// queue's raw fields and JSON log. Server cells, so every time is worded once, at the moment the list is read.
import type { DefaultServerCellComponentProps } from 'payload'
import { timeInWords } from '../../../lib/text/time-in-words'
import { JOB_STATE_LABELS, jobErrorMessage, jobState, type JobRecord } from '../job-state'

type Row = JobRecord & { readonly taskSlug?: string | null; readonly queue?: string | null; readonly createdAt?: string; readonly updatedAt?: string }

export function JobKindCell({ rowData, payload }: DefaultServerCellComponentProps) {
  const row = rowData as Row
  const task = payload.config.jobs?.tasks?.find((t) => t.slug === row.taskSlug)
  const label = typeof task?.label === 'string' ? task.label : (row.taskSlug ?? 'Workflow')
  return <span>{label}{row.queue && row.queue !== 'default' ? ` (${row.queue} queue)` : ''}</span>
}

export function JobStateCell({ rowData }: DefaultServerCellComponentProps) {
  const row = rowData as Row
  const state = jobState(row, new Date())
  const tries = row.totalTried ?? 0
  return <span>{JOB_STATE_LABELS[state]}{tries > 0 ? `, ${tries} ${tries === 1 ? 'try' : 'tries'}` : ''}</span>
}

export function JobErrorCell({ rowData }: DefaultServerCellComponentProps) {
  const message = jobErrorMessage((rowData as Row).error)
  return message ? <span>{message}</span> : <span aria-label="No error">—</span>
}

export function JobTimesCell({ rowData }: DefaultServerCellComponentProps) {
  const row = rowData as Row
  const now = new Date()
  const state = jobState(row, now)
  return (
    <span>
      Queued {timeInWords(row.createdAt, now)}
      {row.completedAt ? `; finished ${timeInWords(row.completedAt, now)}` : ''}
      {!row.completedAt && (state === 'retrying' || state === 'scheduled') && row.waitUntil ? `; next try ${timeInWords(row.waitUntil, now)}` : ''}
      {state === 'failed' || state === 'running' ? `; last change ${timeInWords(row.updatedAt, now)}` : ''}
    </span>
  )
}
