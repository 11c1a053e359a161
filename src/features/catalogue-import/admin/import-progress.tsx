'use client'
// The progress bar of an import, on its page in the admin: rows done out of rows and the errors so
// far, read again from the import record every POLL_MS while its job is queued or running, and the refused rows
// (the first SHOWN_REFUSED in a table, all of them as CSV). What the numbers mean is
// src/domain/catalogue/import/progress.ts.
import { useDocumentInfo, useForm } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { paths } from '../../../config/paths'
import { callApi } from '../../../lib/http/call-api'
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

const FIELDS = ['status', 'total', 'done', 'refusedCount', 'error']
// The record's own fields on the page, which follow the job with the bar (read in the same poll): each is set as its
// value and its initial value, so the page never asks to "save changes" nobody made.
const LIVE_FIELDS = ['status', 'total', 'done', 'created', 'updated', 'unchanged', 'refusedCount', 'archived', 'error', 'finishedAt']

export function ImportProgress() {
  const { id, initialData, collectionSlug } = useDocumentInfo()
  const [snapshot, setSnapshot] = useState<ImportSnapshot | null>(() => snapshotOf(initialData))
  const [refused, setRefused] = useState<RefusedRow[]>(() => refusedOf(initialData))
  const { dispatchFields } = useForm()

  useEffect(() => {
    if (id === undefined || id === null || !collectionSlug) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = async (fields: readonly string[]) => {
      const query = new URLSearchParams([['depth', '0'], ...fields.map((f) => [`select[${f}]`, 'true'])])
      const answer = await callApi<Record<string, unknown>>(paths.api.document(collectionSlug, id, query.toString()), { cache: 'no-store' })
      return answer.ok ? answer.body : null
    }
    let refusedSeen = -1
    const poll = async () => {
      try {
        const doc = await read([...new Set([...FIELDS, ...LIVE_FIELDS])])
        const next = snapshotOf(doc ?? undefined)
        if (!stopped && next) setSnapshot(next)
        if (!stopped && doc) for (const path of LIVE_FIELDS) if (path in doc) dispatchFields({ type: 'UPDATE', path, value: doc[path], initialValue: doc[path] })
        // The refused rows themselves (possibly thousands) are read only when their count has changed.
        if (next && next.refused !== refusedSeen) {
          const rows = refusedOf((await read(['refused'])) ?? undefined)
          refusedSeen = next.refused
          if (!stopped) setRefused(rows)
        }
        if (next && importProgress(next).finished) return
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
