'use client'
// Ask for a password reset link by email.
import { useActionState } from 'react'
import { forgotPasswordAction } from '../actions.server'
import { IDLE } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(forgotPasswordAction, IDLE)
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <Field name="email" label="Email address" type="email" autoComplete="email" required defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Sending…' : 'Email me a reset link'}</button>
    </form>
  )
}
