'use client'
// Create a customer account; the customer is signed in straight away.
import { useActionState } from 'react'
import { registerAction } from '../actions.server'
import { IDLE } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'

export function RegisterForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(registerAction, IDLE)
  const e = state.fieldErrors ?? {}
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <input type="hidden" name="next" value={next} />
      <Field name="firstName" label="First name" autoComplete="given-name" required maxLength={80} defaultValue={state.values?.firstName} error={e.firstName} />
      <Field name="lastName" label="Last name" autoComplete="family-name" required maxLength={80} defaultValue={state.values?.lastName} error={e.lastName} />
      <Field name="email" label="Email address" type="email" autoComplete="email" required defaultValue={state.values?.email} error={e.email} />
      <Field name="password" label="Password" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters. A few words you will remember work well." error={e.password} />
      <Field name="confirmPassword" label="Password again" type="password" autoComplete="new-password" required error={e.confirmPassword} />
      <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Creating your account…' : 'Create account'}</button>
    </form>
  )
}
