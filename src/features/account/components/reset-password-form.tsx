'use client'
// Choose a new password with the token from the reset email.
import { useActionState } from 'react'
import { resetPasswordAction } from '../actions.server'
import { IDLE } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, IDLE)
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <input type="hidden" name="token" value={token} />
      <Field name="password" label="New password" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters." error={state.fieldErrors?.password} />
      <Field name="confirmPassword" label="New password again" type="password" autoComplete="new-password" required error={state.fieldErrors?.confirmPassword} />
      <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Saving…' : 'Save new password'}</button>
    </form>
  )
}
