'use client'
// Admin › Catalogue imports, above the list: staff choose a stock file (and a zip of its pictures), check it
// with a dry run or import it. An import is queued as a job and its page opens, where the progress bar follows it.
import { useState, type FormEvent } from 'react'
import { paths } from '../../../config/paths'
import { RefusedRowsTable } from './refused-rows-table'

interface DryRun {
  readonly fileName: string
  readonly total: number
  readonly created: number
  readonly updated: number
  readonly unchanged: number
  readonly refused: number
  readonly archived: number
  readonly refusedRows: readonly { readonly line: number; readonly sku: string; readonly reason: string }[]
}

const box = { border: '1px solid var(--theme-elevation-150)', borderRadius: 4, padding: '16px 20px', margin: '0 0 24px', maxWidth: 880 }
const row = { display: 'flex', flexWrap: 'wrap' as const, gap: '12px 24px', alignItems: 'flex-end', margin: '12px 0' }
const field = { display: 'flex', flexDirection: 'column' as const, gap: 4 }

export function ImportUploadForm() {
  const [busy, setBusy] = useState<null | 'check' | 'import'>(null)
  const [error, setError] = useState<string | null>(null)
  const [dryRun, setDryRun] = useState<DryRun | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const intent = submitter?.value === 'check' ? 'check' : 'import'
    const form = new FormData(event.currentTarget)
    form.set('dryRun', intent === 'check' ? 'true' : 'false')
    setBusy(intent)
    setError(null)
    setDryRun(null)
    try {
      const res = await fetch(paths.catalogueImportUpload(), { method: 'POST', body: form, credentials: 'same-origin' })
      const answer = (await res.json().catch(() => ({}))) as { message?: string; adminUrl?: string } & Partial<DryRun>
      if (!res.ok) {
        setError(answer.message ?? `The shop answered ${res.status}.`)
      } else if (intent === 'check') {
        setDryRun(answer as DryRun)
      } else if (answer.adminUrl) {
        window.location.assign(answer.adminUrl)
        return
      }
    } catch {
      setError('The file could not be sent. Check the connection and try again.')
    }
    setBusy(null)
  }

  return (
    <section aria-labelledby="import-upload-title" style={box}>
      <h2 id="import-upload-title" style={{ margin: '0 0 8px' }}>Import a stock file</h2>
      <p style={{ margin: 0 }}>
        A CSV in the shop’s format (<a href="/catalogue-import-template.csv" download>download the template</a>), with its pictures in a zip if
        they are not in the media library yet. Check it first: a dry run counts what would change and lists the refused rows, and writes nothing.
      </p>
      <form onSubmit={submit} encType="multipart/form-data">
        <div style={row}>
          <div style={field}>
            <label htmlFor="import-file">Stock file (CSV)</label>
            <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <div style={field}>
            <label htmlFor="import-encoding">The file’s characters</label>
            <select id="import-encoding" name="encoding" defaultValue="auto">
              <option value="auto">Detect (UTF-8 or Windows-1252)</option>
              <option value="utf-8">UTF-8 (“CSV UTF-8”)</option>
              <option value="windows-1252">Windows-1252 (Excel’s plain “CSV”)</option>
            </select>
          </div>
          <div style={field}>
            <label htmlFor="import-images">Pictures (zip, optional)</label>
            <input id="import-images" name="images" type="file" accept=".zip,application/zip" />
          </div>
        </div>
        <div style={{ margin: '12px 0' }}>
          <input id="import-full-feed" name="fullFeed" type="checkbox" value="true" />{' '}
          <label htmlFor="import-full-feed">Full feed: archive products that are not in the file</label>
        </div>
        <div style={{ ...row, alignItems: 'center' }}>
          <button type="submit" name="intent" value="check" className="btn btn--style-secondary btn--size-medium" disabled={busy !== null} style={{ margin: 0 }}>
            {busy === 'check' ? 'Checking…' : 'Check the file (dry run)'}
          </button>
          <button type="submit" name="intent" value="import" className="btn btn--style-primary btn--size-medium" disabled={busy !== null} style={{ margin: 0 }}>
            {busy === 'import' ? 'Sending…' : 'Import'}
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" style={{ color: 'var(--theme-error-600, #b00020)', fontWeight: 600 }}>
          Error: {error}
        </p>
      )}
      <div role="status">
        {dryRun && (
          <>
            <p style={{ fontWeight: 600 }}>
              Dry run of {dryRun.fileName}: {dryRun.total} rows. {dryRun.created} would be created, {dryRun.updated} updated, {dryRun.unchanged} left unchanged
              {dryRun.archived ? `, ${dryRun.archived} archived` : ''} and {dryRun.refused} refused. Nothing was written.
            </p>
            {dryRun.refusedRows.length > 0 && (
              <RefusedRowsTable rows={dryRun.refusedRows} caption="Refused rows" />
            )}
          </>
        )}
      </div>
    </section>
  )
}
