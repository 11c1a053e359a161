'use client'
// Sign in with email and password; errors appear beside the form, and the customer returns to where they were going.
import { useActionState } from 'react'
import { signInAction } from '../actions.server'
import { IDLE } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'

export function LoginForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, IDLE)
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <input type="hidden" name="next" value={next} />
      <Field name="email" label="Email address" type="email" autoComplete="username" required defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required error={state.fieldErrors?.password} />
      <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Signing in…' : 'Sign in'}</button>
    </form>
  )
}
