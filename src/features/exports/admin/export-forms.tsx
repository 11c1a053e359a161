'use client'
// Above the orders, returns and invoices lists: export them to CSV by the days they were made and their state. Above
// the products list: export the catalogue in the stock feed's format. Each asks the shop for an export (made on the jobs queue)
// and opens its page (each in the admin's gutter: Payload renders the area above a list outside it), where the progress bar follows the job and the file is offered when it is done. The states
// come from the domain, not the collections, whose hooks are server code a client component must not pull in.
import { useState, type FormEvent } from 'react'
import { paths } from '../../../config/paths'
import { callApi } from '../../../lib/http/call-api'
import { ORDER_STATUS_LABELS } from '../../../domain/orders/order-status'
import { RETURN_STATES } from '../../../domain/returns/return-lifecycle'

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

interface ListExport {
  readonly kind: 'orders' | 'returns' | 'invoices'
  readonly title: string
  readonly about: string
  /** What the days are of: "Placed", "Asked", "Issued". */
  readonly made: string
  readonly stateLabel: string
  readonly anyState: string
  readonly states: readonly (readonly [value: string, label: string])[]
}

const LISTS: Readonly<Record<ListExport['kind'], ListExport>> = {
  orders: { kind: 'orders', title: 'Export orders to CSV', about: 'For the accountant: one row per order, amounts in pounds, opens in Excel as it is. Leave the days empty for every order.', made: 'Placed', stateLabel: 'Status', anyState: 'Any status', states: Object.entries(ORDER_STATUS_LABELS) },
  returns: { kind: 'returns', title: 'Export returns to CSV', about: 'One row per cancellation, return or fault claim: its items, its clocks, any deduction and what was refunded, in pounds.', made: 'Asked', stateLabel: 'State', anyState: 'Any state', states: RETURN_STATES.map((s) => [s, s.charAt(0).toUpperCase() + s.slice(1)] as const) },
  invoices: { kind: 'invoices', title: 'Export invoices and credit notes to CSV', about: 'For the VAT return: one row per document, net, VAT and gross in pounds; credit notes negative, so each column sums to what the shop kept.', made: 'Issued', stateLabel: 'Documents', anyState: 'Invoices and credit notes', states: [['invoice', 'Invoices only'], ['credit-note', 'Credit notes only']] },
}

function ListExportForm({ list }: { readonly list: ListExport }) {
  const { busy, error, ask } = useExport()
  const id = (part: string) => `${list.kind}-export-${part}`
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: Record<string, string> = { kind: list.kind }
    for (const name of ['from', 'to', 'status']) {
      const value = String(form.get(name) ?? '')
      if (value) body[name] = value
    }
    void ask(body)
  }
  return (
    <div className="gutter--left gutter--right">
    <section aria-labelledby={id('title')} style={box}>
      <h2 id={id('title')} style={{ margin: '0 0 4px', fontSize: 18 }}>{list.title}</h2>
      <p style={{ margin: 0 }}>{list.about}</p>
      <form onSubmit={submit}>
        <div style={row}>
          <div style={field}>
            <label htmlFor={id('from')}>{list.made} from</label>
            <input id={id('from')} name="from" type="date" />
          </div>
          <div style={field}>
            <label htmlFor={id('to')}>{list.made} to (inclusive)</label>
            <input id={id('to')} name="to" type="date" />
          </div>
          <div style={field}>
            <label htmlFor={id('status')}>{list.stateLabel}</label>
            <select id={id('status')} name="status" defaultValue="">
              <option value="">{list.anyState}</option>
              {list.states.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
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

export const OrdersExportForm = () => <ListExportForm list={LISTS.orders} />
export const ReturnsExportForm = () => <ListExportForm list={LISTS.returns} />
export const InvoicesExportForm = () => <ListExportForm list={LISTS.invoices} />

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
