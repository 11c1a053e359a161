'use client'
// The progress bar of an import, on its page in the admin: rows done out of rows and the errors so
// far, read again from the import record every POLL_MS while its job is queued or running, and the refused rows
// (the first SHOWN_REFUSED in a table, all of them as CSV). What the numbers mean is
// src/domain/catalogue/import/progress.ts.
import { useRef, useState } from 'react'
import { paths } from '../../../config/paths'
import { useFollowedDocument } from '../../jobs/admin/use-followed-document'
import type { RefusedRow } from '../../../domain/catalogue/import/feed-rows'
import { importProgress, type ImportSnapshot, type ImportStatus } from '../../../domain/catalogue/import/progress'
import { RefusedRowsTable } from './refused-rows-table'

const POLL_MS = 1500
const SHOWN_REFUSED = 100

function refusedOf(doc: Record<string, unknown> | undefined): RefusedRow[] {
  return Array.isArray(doc?.refused) ? (doc.refused as RefusedRow[]) : []
}
const STATUSES: readonly ImportStatus[] = ['queued', 'running', 'done', 'failed']

function snapshotOf(doc: Record<string, unknown> | undefined): ImportSnapshot | null {
  if (!doc || !STATUSES.includes(doc.status as ImportStatus)) return null
  return { status: doc.status as ImportStatus, total: Number(doc.total ?? 0), done: Number(doc.done ?? 0), refused: Number(doc.refusedCount ?? 0), error: typeof doc.error === 'string' ? doc.error : null }
}

// The record's fields the bar reads and the page shows, which follow the job (useFollowedDocument).
const FIELDS = ['status', 'total', 'done', 'created', 'updated', 'unchanged', 'refusedCount', 'archived', 'error', 'finishedAt']

export function ImportProgress() {
  const [refused, setRefused] = useState<RefusedRow[]>([])
  // The refused rows themselves (possibly thousands) are read only when their count has changed.
  const refusedSeen = useRef(-1)
  const { id, doc } = useFollowedDocument({
    fields: FIELDS,
    pollMs: POLL_MS,
    finished: (d) => {
      const s = snapshotOf(d)
      return s !== null && importProgress(s).finished
    },
    alsoRead: async (d, read) => {
      const count = Number(d.refusedCount ?? 0)
      if (count === refusedSeen.current) return
      setRefused(refusedOf((await read(['refused'])) ?? undefined))
      refusedSeen.current = count
    },
  })
  const snapshot = snapshotOf(doc ?? undefined)

  if (!snapshot || id === undefined || id === null) return null
  const view = importProgress(snapshot)
  return (
    <div className="field-type" style={{ marginBottom: 24 }}>
      <label htmlFor="catalogue-import-progress" className="field-label">
        Import progress
      </label>
      <progress id="catalogue-import-progress" value={view.value} max={view.max} style={{ display: 'block', width: '100%', maxWidth: 640, height: 18 }}>
        {view.percent}%
      </progress>
      <p aria-live="polite" style={{ margin: '8px 0' }} data-import-status={snapshot.status}>
        {view.summary}
      </p>
      {snapshot.refused > 0 && (
        <p style={{ margin: 0 }}>
          <a href={paths.catalogueImportRefused(id)} download>
            Download the refused rows (CSV: line, SKU and reason)
          </a>
        </p>
      )}
      {refused.length > 0 && (
        <RefusedRowsTable
          rows={refused.slice(0, SHOWN_REFUSED)}
          captionWeight={600}
          marginTop={12}
          caption={`Refused rows${refused.length > SHOWN_REFUSED ? ` (the first ${SHOWN_REFUSED} of ${refused.length}; all are in the CSV)` : ''}`}
        />
      )}
    </div>
  )
}
