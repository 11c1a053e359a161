'use client'
// Asking for erasure from the account page: the customer types their password again to confirm, and is told what
// happens (the account closes; what the law keeps is kept) or why it cannot happen yet.
import { useState, type FormEvent } from 'react'
import { Field, FormMessage } from '../../../components/ui/form-field'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'

type State = { status: 'idle' | 'error' | 'success'; message?: string }

export function EraseAccountForm() {
  const [state, setState] = useState<State>({ status: 'idle' })
  const [pending, setPending] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    if (!password) return setState({ status: 'error', message: 'Type your password to confirm.' })
    setPending(true)
    try {
      const answer = await callApi<{ message?: string }>(paths.api.accountErasure(), { method: 'POST', body: { password } })
      setState({ status: answer.ok ? 'success' : 'error', message: answer.body?.message ?? 'Something went wrong. Please try again.' })
    } catch {
      setState({ status: 'error', message: 'We could not reach the shop. Please try again.' })
    } finally {
      setPending(false)
    }
  }
  if (state.status === 'success') return <FormMessage status="success" message={state.message}><p><a href="/">Back to the shop</a></p></FormMessage>
  return (
    <form onSubmit={submit} className="account-form" noValidate data-testid="erase-account-form">
      <FormMessage status={state.status} message={state.message} />
      <p>This closes your account and erases your personal data. Records the law makes us keep (the VAT record of a paid sale) are kept for as long as it says, and nothing else. It cannot be undone.</p>
      <Field name="password" id="erase-password" label="Your password, to confirm" type="password" autoComplete="current-password" />
      <button type="submit" className="button" disabled={pending}>{pending ? 'Erasing…' : 'Close my account and erase my data'}</button>
    </form>
  )
}
