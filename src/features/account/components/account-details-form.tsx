'use client'
// The customer's name, phone and saved delivery addresses, editable in one form.
import { useActionState } from 'react'
import { updateDetailsAction } from '../actions.server'
import { IDLE } from '../form-state'
import { Field, FormMessage } from '../../../components/ui/form-field'

export interface SavedAddress {
  label?: string | null
  line1: string
  line2?: string | null
  town: string
  county?: string | null
  postcode: string
}

interface Props {
  readonly firstName: string
  readonly lastName: string
  readonly phone: string
  readonly email: string
  readonly addresses: readonly SavedAddress[]
}

export function AccountDetailsForm(props: Props) {
  const [state, action, pending] = useActionState(updateDetailsAction, IDLE)
  const e = state.fieldErrors ?? {}
  const v = (name: string, fallback: string | null | undefined) => (state.status === 'error' ? (state.values?.[name] ?? '') : (fallback ?? ''))
  const rows = [...props.addresses, ...(props.addresses.length < 10 ? [null] : [])]
  return (
    <form action={action} className="account-form account-form--wide" noValidate>
      <FormMessage status={state.status} message={state.message} />
      <fieldset>
        <legend>Your details</legend>
        <p className="field__hint">Email address: <strong>{props.email}</strong></p>
        <div className="field-row">
          <Field name="firstName" label="First name" autoComplete="given-name" maxLength={80} defaultValue={v('firstName', props.firstName)} error={e.firstName} />
          <Field name="lastName" label="Last name" autoComplete="family-name" maxLength={80} defaultValue={v('lastName', props.lastName)} error={e.lastName} />
        </div>
        <Field name="phone" label="Phone (optional)" type="tel" autoComplete="tel" maxLength={30} defaultValue={v('phone', props.phone)} error={e.phone} />
      </fieldset>
      <input type="hidden" name="addressCount" value={rows.length} />
      {e.addresses && <p className="field__error">{e.addresses}</p>}
      {rows.map((a, i) => (
        <fieldset key={i} className="address-fieldset">
          <legend>{a ? `Saved address ${i + 1}` : 'Add an address'}</legend>
          <Field name={`addresses.${i}.label`} label="Name for this address (optional)" maxLength={40} placeholder="Home, work…" defaultValue={v(`addresses.${i}.label`, a?.label)} error={e[`addresses.${i}.label`]} />
          <Field name={`addresses.${i}.line1`} label="Address line 1" autoComplete={`section-a${i} address-line1`} maxLength={120} defaultValue={v(`addresses.${i}.line1`, a?.line1)} error={e[`addresses.${i}.line1`]} />
          <Field name={`addresses.${i}.line2`} label="Address line 2 (optional)" autoComplete={`section-a${i} address-line2`} maxLength={120} defaultValue={v(`addresses.${i}.line2`, a?.line2)} error={e[`addresses.${i}.line2`]} />
          <div className="field-row">
            <Field name={`addresses.${i}.town`} label="Town or city" autoComplete={`section-a${i} address-level2`} maxLength={80} defaultValue={v(`addresses.${i}.town`, a?.town)} error={e[`addresses.${i}.town`]} />
            <Field name={`addresses.${i}.county`} label="County (optional)" autoComplete={`section-a${i} address-level1`} maxLength={80} defaultValue={v(`addresses.${i}.county`, a?.county)} error={e[`addresses.${i}.county`]} />
          </div>
          <Field name={`addresses.${i}.postcode`} label="Postcode" autoComplete={`section-a${i} postal-code`} maxLength={10} className="input--short" defaultValue={v(`addresses.${i}.postcode`, a?.postcode)} error={e[`addresses.${i}.postcode`]} />
          {a && (
            <div className="checkbox">
              <input type="checkbox" id={`remove-${i}`} name={`addresses.${i}.remove`} />
              <label htmlFor={`remove-${i}`}>Remove this address</label>
            </div>
          )}
        </fieldset>
      ))}
      <button type="submit" className="button button--solid" disabled={pending}>{pending ? 'Saving…' : 'Save details'}</button>
    </form>
  )
}
