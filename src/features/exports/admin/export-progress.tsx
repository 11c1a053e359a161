'use client'
// An export's page in the admin: a progress bar that follows its job (rows written out of rows, read again every
// POLL_MS until it is done; a failed one is tried again by the queue), the record's own fields kept in step, and the
// file's link once it is made.
import { paths } from '../../../config/paths'
import { useFollowedDocument } from '../../jobs/admin/use-followed-document'

const POLL_MS = 1000
const FIELDS = ['status', 'total', 'done', 'error', 'finishedAt', 'fileName']

interface Snapshot {
  readonly status: string
  readonly total: number
  readonly done: number
  readonly error: string | null
}

const snapshotOf = (doc: Record<string, unknown> | undefined): Snapshot | null =>
  doc && typeof doc.status === 'string' ? { status: doc.status, total: Number(doc.total ?? 0), done: Number(doc.done ?? 0), error: typeof doc.error === 'string' ? doc.error : null } : null

function summary(s: Snapshot): string {
  if (s.status === 'done') return `Done: ${s.done} ${s.done === 1 ? 'row' : 'rows'} written.`
  if (s.status === 'failed') return `Failed${s.error ? `: ${s.error}` : ''}. The queue tries again; ask again from the list if it keeps failing.`
  if (s.status === 'running') return `Writing: ${s.done} of ${s.total} rows.`
  return 'Queued: the export starts within a few seconds.'
}

export function ExportProgress() {
  const { id, doc } = useFollowedDocument({ fields: FIELDS, pollMs: POLL_MS, finished: (d) => d.status === 'done' })
  const snapshot = snapshotOf(doc ?? undefined)

  if (!snapshot || id === undefined || id === null) return null
  const max = Math.max(1, snapshot.total)
  const value = snapshot.status === 'done' ? max : Math.min(snapshot.done, max)
  return (
    <div className="field-type" style={{ marginBottom: 24 }}>
      <label htmlFor="data-export-progress" className="field-label">Export progress</label>
      <progress id="data-export-progress" value={value} max={max} style={{ display: 'block', width: '100%', maxWidth: 640, height: 18 }}>
        {Math.round((value / max) * 100)}%
      </progress>
      <p aria-live="polite" style={{ margin: '8px 0' }} data-export-status={snapshot.status}>{summary(snapshot)}</p>
      {snapshot.status === 'done' && (
        <p style={{ margin: 0 }}>
          <a href={paths.exportFile(id)} download className="btn btn--style-primary btn--size-medium" style={{ margin: 0 }}>Download the CSV</a>
        </p>
      )}
    </div>
  )
}
