'use client'
// A guest cancels or returns items, or reports a faulty one: first the order number and the email address it was
// placed with (as the order lookup asks), then the same forms a signed-in customer sees on their order page.
import { useState, type FormEvent } from 'react'
import type { CancellationChoices } from '../cancellation-choices'
import { CancelItemsForm } from './cancel-items-form'
import { ReportFaultForm } from './report-fault-form'
import { ExchangeItemForm } from './exchange-item-form'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'

export function GuestCancel({ orderNumber }: { readonly orderNumber?: string }) {
  const [found, setFound] = useState<{ choices: CancellationChoices; email: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    setPending(true)
    try {
      const answer = await callApi<CancellationChoices>(paths.api.returnChoices(), { method: 'POST', body: { orderNumber: String(form.get('orderNumber') ?? ''), email } })
      if (!answer.ok) return setError(answer.body?.message ?? 'We could not find that order.')
      setError(null)
      setFound({ choices: answer.body, email })
    } catch {
      setError('We could not reach the shop. Check your connection and try again.')
    } finally {
      setPending(false)
    }
  }

  if (found) {
    return (
      <>
        <CancelItemsForm choices={found.choices} email={found.email} />
        <ExchangeItemForm choices={found.choices} email={found.email} />
        <ReportFaultForm choices={found.choices} email={found.email} />
      </>
    )
  }
  return (
    <form className="account-form" onSubmit={find} noValidate>
      <div role={error ? 'alert' : 'status'} aria-live="polite" className={error ? 'form-message form-message--error' : 'visually-hidden'}>{error ?? ''}</div>
      <div className="field">
        <label htmlFor="cancel-order-number">Order number</label>
        <input id="cancel-order-number" name="orderNumber" autoComplete="off" required maxLength={20} defaultValue={orderNumber} />
      </div>
      <div className="field">
        <label htmlFor="cancel-email">Email address used for the order</label>
        <input id="cancel-email" name="email" type="email" autoComplete="email" required maxLength={254} />
      </div>
      <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Looking…' : 'Find my order'}</button>
    </form>
  )
}
