'use client'
// Exchange one item for another size or colour of the same product, within the cancellation period: the replacement
// is paid by what the item cost; a dearer one asks for the difference by card, a cheaper one refunds it once the item
// is back. Each choice shows what it costs or gives back before the customer sends it.
import { useState, type FormEvent } from 'react'
import { formatPence } from '../../../domain/money'
import type { CancellationChoices } from '../cancellation-choices'
import './returns.css'

const ENDPOINT = '/api/v1/customer/exchanges'

type Answer = { message?: string; returnNumber?: string; replacementOrderNumber?: string | null; toPayPence?: number; refundPence?: number; paymentUrl?: string | null }

/** What choosing `pricePence` instead of a unit that cost `paidPence` means, in words. */
function difference(paidPence: number, pricePence: number): string {
  if (pricePence > paidPence) return `${formatPence(pricePence - paidPence)} more to pay`
  if (pricePence < paidPence) return `${formatPence(paidPence - pricePence)} back to your card`
  return 'same price'
}

export function ExchangeItemForm({ choices, email, headingLevel = 2 }: { readonly choices: CancellationChoices; readonly email?: string; readonly headingLevel?: 2 | 3 }) {
  const [state, setState] = useState<{ status: 'idle' | 'error' | 'success'; message?: string; paymentUrl?: string | null }>({ status: 'idle' })
  const [pending, setPending] = useState(false)
  const exchangeable = choices.lines.filter((l) => l.exchangeFor.length > 0)
  const [lineId, setLineId] = useState(exchangeable.length === 1 ? exchangeable[0]!.lineId : '')
  const Heading = `h${headingLevel}` as const
  const id = (part: string) => `exchange-${part}-${choices.orderNumber}`
  const line = exchangeable.find((l) => l.lineId === lineId)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const toVariantId = Number(form.get('toVariantId') ?? '')
    if (!line) return setState({ status: 'error', message: 'Choose the item to exchange.' })
    if (!toVariantId) return setState({ status: 'error', message: 'Choose the size or colour you want instead.' })
    setPending(true)
    try {
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: choices.orderNumber, ...(email ? { email } : {}), lineId: line.lineId, toVariantId, reason: String(form.get('reason') ?? ''), returnMethod: String(form.get('returnMethod') ?? 'post') }),
      })
      const body = (await response.json().catch(() => ({}))) as Answer
      if (!response.ok) return setState({ status: 'error', message: body.message ?? 'That did not work. Please try again.' })
      const replacement = body.replacementOrderNumber ? ` Your replacement is order ${body.replacementOrderNumber}.` : ''
      const send = choices.stage === 'return' ? ` We have emailed you how to send the old item back, quoting ${body.returnNumber}; we send the replacement once it arrives.` : ' We send the replacement instead.'
      const money = body.toPayPence ? ` Pay the ${formatPence(body.toPayPence)} difference by card to confirm it.` : body.refundPence ? ` Once the old item is back we refund ${formatPence(body.refundPence)} to your card.` : ''
      setState({ status: 'success', message: `Exchange ${body.returnNumber} recorded.${replacement}${send}${money}`, paymentUrl: body.paymentUrl ?? null })
    } catch {
      setState({ status: 'error', message: 'We could not reach the shop. Check your connection and try again.' })
    } finally {
      setPending(false)
    }
  }

  if (choices.stage === 'closed' || exchangeable.length === 0) return null
  return (
    <section className="cancel-items" aria-labelledby={id('heading')}>
      <Heading id={id('heading')}>Exchange an item</Heading>
      <p>Swap an item for another size or colour of the same product. The new one is paid by what you paid for the old one: if it costs more, you pay the difference; if it costs less, we refund the difference.</p>
      {state.status === 'success' ? (
        <div role="status" className="form-message form-message--success">
          {state.message}
          {state.paymentUrl && (
            <p>
              <a className="button button--solid" href={state.paymentUrl}>Pay the difference</a>
            </p>
          )}
        </div>
      ) : (
        <form className="account-form account-form--wide" onSubmit={submit} noValidate>
          <div role={state.status === 'error' ? 'alert' : 'status'} aria-live="polite" className={state.status === 'error' ? 'form-message form-message--error' : 'visually-hidden'}>{state.status === 'error' ? state.message : ''}</div>
          <div className="field">
            <label htmlFor={id('line')}>Which item do you want to exchange?</label>
            <select id={id('line')} name="lineId" required value={lineId} onChange={(e) => setLineId(e.target.value)}>
              {exchangeable.length > 1 && <option value="">Choose an item</option>}
              {exchangeable.map((l) => <option key={l.lineId} value={l.lineId}>{l.name}</option>)}
            </select>
          </div>
          {line && (
            <div className="field">
              <label htmlFor={id('to')}>Exchange it for</label>
              <select id={id('to')} name="toVariantId" required defaultValue="" key={line.lineId}>
                <option value="">Choose a size or colour</option>
                {line.exchangeFor.map((o) => <option key={o.variantId} value={o.variantId}>{`${o.title}: ${formatPence(o.pricePence)} (${difference(line.unitPaidPence, o.pricePence)})`}</option>)}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={id('reason')}>Why are you exchanging it?</label>
            <textarea id={id('reason')} name="reason" rows={2} maxLength={1000} required />
          </div>
          {choices.stage === 'return' && (
            <fieldset>
              <legend>How will you send the old one back?</legend>
              <label className="checkbox"><input type="radio" name="returnMethod" value="post" defaultChecked /> By post</label>
              <label className="checkbox"><input type="radio" name="returnMethod" value="dealer" /> I will bring it to the dealer</label>
            </fieldset>
          )}
          <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Sending…' : 'Exchange this item'}</button>
        </form>
      )}
    </section>
  )
}
