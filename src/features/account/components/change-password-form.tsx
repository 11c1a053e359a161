'use client'
// Change the password while signed in: the current one is checked first (and throttled like a sign-in).
import { useActionState } from 'react'
import { changePasswordAction } from '../actions.server'
import { IDLE } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, IDLE)
  const e = state.fieldErrors ?? {}
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <Field name="currentPassword" label="Current password" type="password" autoComplete="current-password" error={e.currentPassword} />
      <Field name="newPassword" label="New password" type="password" autoComplete="new-password" minLength={12} hint="At least 12 characters." error={e.newPassword} />
      <Field name="confirmPassword" label="New password again" type="password" autoComplete="new-password" error={e.confirmPassword} />
      <button type="submit" className="button" disabled={pending}>{pending ? 'Changing…' : 'Change password'}</button>
    </form>
  )
}
