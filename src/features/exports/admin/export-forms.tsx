'use client'
// Above the orders list: export orders to CSV by the days they were placed and their status. Above the products
// list: export the catalogue in the stock feed's format. Each asks the shop for an export (made on the jobs queue)
// and opens its page (each in the admin's gutter: Payload renders the area above a list outside it), where the progress bar follows the job and the file is offered when it is done. The statuses
// come from the domain, not the orders collection, whose hooks are server code a client component must not pull in.
import { useState, type FormEvent } from 'react'
import { paths } from '../../../config/paths'
import { callApi } from '../../../lib/http/call-api'
import { ORDER_STATUS_LABELS } from '../../../domain/orders/order-status'

const box = { border: '1px solid var(--theme-elevation-150)', borderRadius: 4, padding: '12px 20px', margin: '0 0 24px', maxWidth: 880 }
const row = { display: 'flex', flexWrap: 'wrap' as const, gap: '12px 24px', alignItems: 'flex-end', margin: '8px 0' }
const field = { display: 'flex', flexDirection: 'column' as const, gap: 4 }

function useExport() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ask = async (body: Record<string, string>) => {
    setBusy(true)
    setError(null)
    try {
      const answer = await callApi<{ exportId: number; adminUrl: string }>(paths.exports(), { method: 'POST', body })
      if (answer.ok) {
        window.location.assign(answer.body.adminUrl)
        return
      }
      setError(answer.body?.message ?? `The shop answered ${answer.status}.`)
    } catch {
      setError('The shop could not be reached. Check the connection and try again.')
    }
    setBusy(false)
  }
  return { busy, error, ask }
}

function Failure({ error }: { readonly error: string | null }) {
  return error ? <p role="alert" style={{ color: 'var(--theme-error-600, #b00020)', fontWeight: 600 }}>Error: {error}</p> : null
}

export function OrdersExportForm() {
  const { busy, error, ask } = useExport()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: Record<string, string> = { kind: 'orders' }
    for (const name of ['from', 'to', 'status']) {
      const value = String(form.get(name) ?? '')
      if (value) body[name] = value
    }
    void ask(body)
  }
  return (
    <div className="gutter--left gutter--right">
    <section aria-labelledby="orders-export-title" style={box}>
      <h2 id="orders-export-title" style={{ margin: '0 0 4px', fontSize: 18 }}>Export orders to CSV</h2>
      <p style={{ margin: 0 }}>For the accountant: one row per order, amounts in pounds, opens in Excel as it is. Leave the days empty for every order.</p>
      <form onSubmit={submit}>
        <div style={row}>
          <div style={field}>
            <label htmlFor="orders-export-from">Placed from</label>
            <input id="orders-export-from" name="from" type="date" />
          </div>
          <div style={field}>
            <label htmlFor="orders-export-to">Placed to (inclusive)</label>
            <input id="orders-export-to" name="to" type="date" />
          </div>
          <div style={field}>
            <label htmlFor="orders-export-status">Status</label>
            <select id="orders-export-status" name="status" defaultValue="">
              <option value="">Any status</option>
              {Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </div>
          <button type="submit" className="btn btn--style-primary btn--size-medium" disabled={busy} style={{ margin: 0 }}>
            {busy ? 'Starting…' : 'Export to CSV'}
          </button>
        </div>
      </form>
      <Failure error={error} />
    </section>
    </div>
  )
}

export function CatalogueExportButton() {
  const { busy, error, ask } = useExport()
  return (
    <div className="gutter--left gutter--right">
    <section aria-labelledby="catalogue-export-title" style={box}>
      <h2 id="catalogue-export-title" style={{ margin: '0 0 4px', fontSize: 18 }}>Export the catalogue</h2>
      <p style={{ margin: '0 0 8px' }}>Every product and variant in the stock file’s format (as <code>npm run catalogue:export</code> writes it): change it in a spreadsheet and import it again.</p>
      <button type="button" className="btn btn--style-secondary btn--size-medium" disabled={busy} onClick={() => void ask({ kind: 'catalogue' })} style={{ margin: 0 }}>
        {busy ? 'Starting…' : 'Export the catalogue to CSV'}
      </button>
      <Failure error={error} />
    </section>
    </div>
  )
}
