'use client'
// Report a fault on an item that reached the customer: which item, how many and what is wrong. The answer says
// which right applies from the day of delivery (reject within 30 days; repair or replacement first after), and the
// dealer follows the report up as a return.
import { useState, type FormEvent } from 'react'
import type { CancellationChoices } from '../cancellation-choices'
import './returns.css'

const ENDPOINT = '/api/v1/customer/faults'

export function ReportFaultForm({ choices, email, headingLevel = 2 }: { readonly choices: CancellationChoices; readonly email?: string; readonly headingLevel?: 2 | 3 }) {
  const [state, setState] = useState<{ status: 'idle' | 'error' | 'success'; message?: string }>({ status: 'idle' })
  const [pending, setPending] = useState(false)
  const Heading = `h${headingLevel}` as const
  const open = choices.lines.filter((l) => l.left > 0)
  const id = (part: string) => `fault-${part}-${choices.orderNumber}`

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const lineId = String(form.get('lineId') ?? '')
    if (!lineId) return setState({ status: 'error', message: 'Choose the item that is faulty.' })
    setPending(true)
    try {
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: choices.orderNumber, ...(email ? { email } : {}), lineId, count: Number(form.get('count') ?? 1), description: String(form.get('description') ?? '') }),
      })
      const body = (await response.json().catch(() => ({}))) as { message?: string; returnNumber?: string; explanation?: string }
      if (!response.ok) return setState({ status: 'error', message: body.message ?? 'That did not work. Please try again.' })
      setState({ status: 'success', message: `Fault report ${body.returnNumber} recorded. ${body.explanation ?? ''} We have emailed you what happens next: bring the item to the dealer or post it to us, quoting ${body.returnNumber}.` })
    } catch {
      setState({ status: 'error', message: 'We could not reach the shop. Check your connection and try again.' })
    } finally {
      setPending(false)
    }
  }

  if (!choices.faults || open.length === 0) return null
  const most = Math.max(...open.map((l) => l.left))
  return (
    <section className="cancel-items" aria-labelledby={id('heading')}>
      <Heading id={id('heading')}>Report a faulty item</Heading>
      <p>Goods must be as described, of satisfactory quality and fit for purpose. Within 30 days of delivery you may reject a faulty item for a full refund; after that we repair or replace it first, and within 6 months the fault is taken to have been there from the start.</p>
      {state.status === 'success' ? (
        <div role="status" className="form-message form-message--success">{state.message}</div>
      ) : (
        <form className="account-form account-form--wide" onSubmit={submit} noValidate>
          <div role={state.status === 'error' ? 'alert' : 'status'} aria-live="polite" className={state.status === 'error' ? 'form-message form-message--error' : 'visually-hidden'}>{state.status === 'error' ? state.message : ''}</div>
          <div className="field">
            <label htmlFor={id('line')}>Which item is faulty?</label>
            <select id={id('line')} name="lineId" required defaultValue={open.length === 1 ? open[0]!.lineId : ''}>
              {open.length > 1 && <option value="">Choose an item</option>}
              {open.map((l) => <option key={l.lineId} value={l.lineId}>{l.name}</option>)}
            </select>
          </div>
          {most > 1 && (
            <div className="field">
              <label htmlFor={id('count')}>How many are faulty?</label>
              <select id={id('count')} name="count" defaultValue="1">
                {Array.from({ length: most }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={id('description')}>What is wrong with it?</label>
            <textarea id={id('description')} name="description" rows={3} maxLength={1000} required />
          </div>
          <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Sending…' : 'Report the fault'}</button>
        </form>
      )}
    </section>
  )
}
