'use client'
// The customer's own changes from the emailed link: move the booking to another day, cancel it, or answer
// an extra-work quote. Plain forms; each answers beside itself.
import { useActionState } from 'react'
import { manageBookingAction } from '../actions.server'
import { IDLE } from '../form-state'
import { FormMessage, Group, fieldId } from '../../../components/ui/form-field'
import { useDocumentLoad } from './use-document-load'

export function RescheduleForm({ token, options }: { token: string; options: readonly { value: string; label: string }[] }) {
  const [state, action, pending] = useActionState(manageBookingAction, IDLE)
  const leaving = useDocumentLoad(state)
  const id = fieldId('day')
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message}>
        {state.nextDays?.length ? <p className="booking-next">Next free: {state.nextDays.map((d) => d.label).join(', ')}.</p> : null}
      </FormMessage>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="action" value="reschedule" />
      <div className={`field${state.fieldErrors?.day ? ' field--error' : ''}`}>
        <label htmlFor={id}>New day</label>
        <select id={id} name="day" required defaultValue="" aria-invalid={state.fieldErrors?.day ? true : undefined} aria-describedby={state.fieldErrors?.day ? `${id}-error` : undefined}>
          <option value="" disabled>Choose a day…</option>
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
        {state.fieldErrors?.day && <p className="field__error" id={`${id}-error`}>{state.fieldErrors.day}</p>}
      </div>
      <button type="submit" className="button button--solid" disabled={pending || leaving}>Move my booking</button>
    </form>
  )
}

/** The answer to "cancel?": the cancelling button, and a link back that keeps the booking. */
export function CancelForm({ token, label, keep }: { token: string; label: string; keep: { href: string; label: string } }) {
  const [state, action, pending] = useActionState(manageBookingAction, IDLE)
  const leaving = useDocumentLoad(state)
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="action" value="cancel" />
      <div className="booking-actions">
        <button type="submit" className="button button--danger" disabled={pending || leaving}>{label}</button>
        <a className="button" href={keep.href}>{keep.label}</a>
      </div>
    </form>
  )
}

export function ExtraWorkForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(manageBookingAction, IDLE)
  const leaving = useDocumentLoad(state)
  return (
    <form action={action} className="account-form" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <input type="hidden" name="token" value={token} />
      <Group name="decision" legend="Your decision">
        <div className="booking-actions">
          <button type="submit" name="action" value="approve" className="button button--solid" disabled={pending || leaving}>Approve the extra work</button>
          <button type="submit" name="action" value="decline" className="button" disabled={pending || leaving}>Decline it</button>
        </div>
      </Group>
    </form>
  )
}
