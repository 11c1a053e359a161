'use client'
// An export's page in the admin: a progress bar that follows its job (rows written out of rows, read again every
// POLL_MS until it is done or failed), the record's own fields kept in step, and the file's link once it is made.
import { useDocumentInfo, useForm } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { paths } from '../../../config/paths'
import { callApi } from '../../../lib/http/call-api'

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
  const { id, initialData, collectionSlug } = useDocumentInfo()
  const [snapshot, setSnapshot] = useState<Snapshot | null>(() => snapshotOf(initialData))
  const { dispatchFields } = useForm()

  useEffect(() => {
    if (id === undefined || id === null || !collectionSlug) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const query = new URLSearchParams([['depth', '0'], ...FIELDS.map((f) => [`select[${f}]`, 'true'])])
        const answer = await callApi<Record<string, unknown>>(paths.api.document(collectionSlug, id, query.toString()), { cache: 'no-store' })
        const next = answer.ok ? snapshotOf(answer.body) : null
        if (!stopped && next && answer.ok) {
          setSnapshot(next)
          for (const path of FIELDS) if (path in answer.body) dispatchFields({ type: 'UPDATE', path, value: answer.body[path], initialValue: answer.body[path] })
        }
        if (next?.status === 'done') return
      } catch {
        // The next poll tries again (a restart of the shop, a dropped connection).
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [id, collectionSlug, dispatchFields])

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
