'use client'
// Cancel a whole order or chosen items, with a reason: before dispatch they are cancelled and refunded at once;
// after delivery or collection the customer is told how to send them back. Items that may not be cancelled say why.
import { useState, type FormEvent } from 'react'
import { formatPence } from '../../../domain/money'
import type { CancellationChoices } from '../cancellation-choices'
import './returns.css'

const ENDPOINT = '/api/v1/customer/returns'

export function CancelItemsForm({ choices, email, headingLevel = 2 }: { readonly choices: CancellationChoices; readonly email?: string; readonly headingLevel?: 2 | 3 }) {
  const [state, setState] = useState<{ status: 'idle' | 'error' | 'success'; message?: string }>({ status: 'idle' })
  const [pending, setPending] = useState(false)
  const Heading = `h${headingLevel}` as const
  const open = choices.lines.filter((l) => l.left > 0)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const lines = open.filter((l) => form.get(`line-${l.lineId}`) === 'on').map((l) => ({ lineId: l.lineId, count: Number(form.get(`count-${l.lineId}`) ?? l.left) }))
    if (lines.length === 0) return setState({ status: 'error', message: 'Choose at least one item to cancel.' })
    setPending(true)
    try {
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: choices.orderNumber, ...(email ? { email } : {}), lines, reason: String(form.get('reason') ?? ''), returnMethod: String(form.get('returnMethod') ?? 'post') }),
      })
      const body = (await response.json().catch(() => ({}))) as { message?: string; returnNumber?: string; mode?: string; refundPence?: number }
      if (!response.ok) return setState({ status: 'error', message: body.message ?? 'That did not work. Please try again.' })
      const money = body.refundPence ? formatPence(body.refundPence) : null
      setState({
        status: 'success',
        message:
          body.mode === 'cancel-now'
            ? `Cancelled (${body.returnNumber}).${money ? ` We are refunding ${money} to the card you paid with.` : ''}`
            : body.mode === 'finance'
              ? `Cancellation ${body.returnNumber} recorded: we are cancelling your finance agreement with the lender.`
              : `Cancellation ${body.returnNumber} recorded. We have emailed you how to send the items back: post them to us quoting ${body.returnNumber}, or bring them to the dealer.${money ? ` Once they are back we refund ${money}.` : ''}`,
      })
    } catch {
      setState({ status: 'error', message: 'We could not reach the shop. Check your connection and try again.' })
    } finally {
      setPending(false)
    }
  }

  return (
    <section className="cancel-items" aria-labelledby={`cancel-${choices.orderNumber}`}>
      <Heading id={`cancel-${choices.orderNumber}`}>Cancel or return items</Heading>
      <p>{choices.message}</p>
      {choices.returns.length > 0 && (
        <ul className="cancel-items__returns">
          {choices.returns.map((r) => (
            <li key={r.returnNumber}>
              {r.returnNumber}: {r.state}
              {r.refundPence ? `, ${formatPence(r.refundPence)} refunded` : r.refundDueOn ? `, refund due by ${r.refundDueOn}` : ''}
            </li>
          ))}
        </ul>
      )}
      {state.status === 'success' ? (
        <div role="status" className="form-message form-message--success">{state.message}</div>
      ) : choices.stage !== 'closed' && open.length > 0 ? (
        <form className="account-form account-form--wide" onSubmit={submit} noValidate>
          <div role={state.status === 'error' ? 'alert' : 'status'} aria-live="polite" className={state.status === 'error' ? 'form-message form-message--error' : 'visually-hidden'}>{state.status === 'error' ? state.message : ''}</div>
          <fieldset>
            <legend>Items to cancel</legend>
            {open.map((l) => (
              <div key={l.lineId} className="cancel-items__line">
                <label className="checkbox">
                  <input type="checkbox" name={`line-${l.lineId}`} disabled={!l.cancellable} aria-describedby={`explain-${l.lineId}`} />
                  {l.name}
                </label>
                {l.left > 1 && l.cancellable && (
                  <div className="field">
                    <label htmlFor={`count-${l.lineId}`}>How many of {l.name}</label>
                    <select id={`count-${l.lineId}`} name={`count-${l.lineId}`} defaultValue={String(l.left)}>
                      {Array.from({ length: l.left }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
                    </select>
                  </div>
                )}
                <p className="cancel-items__explain" id={`explain-${l.lineId}`}>{l.explanation}</p>
              </div>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`reason-${choices.orderNumber}`}>Why are you cancelling?</label>
            <textarea id={`reason-${choices.orderNumber}`} name="reason" rows={3} maxLength={1000} required />
          </div>
          {choices.stage === 'return' && (
            <fieldset>
              <legend>How will you send it back?</legend>
              <label className="checkbox"><input type="radio" name="returnMethod" value="post" defaultChecked /> By post</label>
              <label className="checkbox"><input type="radio" name="returnMethod" value="dealer" /> I will bring it to the dealer</label>
            </fieldset>
          )}
          <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Sending…' : choices.stage === 'cancel-now' ? 'Cancel these items' : 'Cancel and return these items'}</button>
        </form>
      ) : null}
    </section>
  )
}
