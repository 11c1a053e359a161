'use client'
// The reservation form: contact details and the plain terms, then the deposit is paid on the card page.
// The deposit is never sent from here: the server takes it from the shop's settings.
import { AcceptTerms, Problem, TextField, type FieldSpec } from './form-fields'
import { usePaymentForm } from './use-payment-form'
import { reserveBike, type ReserveBikeRequest } from '../api/reserve-bike'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS } from '../../../domain/consumer-rights'
import { KEPT_VALUATION_KEY, heldValuationIdIn } from '../../../domain/part-exchange/valuation-hold'

/** The part-exchange valuation this browser keeps ("Value my bike"), while the shop still holds it. */
function keptValuationId(): string | null {
  try {
    return heldValuationIdIn(window.localStorage.getItem(KEPT_VALUATION_KEY) ?? window.sessionStorage.getItem(KEPT_VALUATION_KEY), new Date())
  } catch {
    return null
  }
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email address', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', type: 'tel' },
]

interface Props {
  readonly productId: number
  readonly depositText: string
  readonly terms: readonly string[]
  readonly prefill: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string>>
}

const withValuation = (valuationId: string | null) => (valuationId ? { valuationId } : {})

export function ReserveForm({ productId, depositText, terms, prefill }: Props) {
  const initial = { firstName: prefill.firstName ?? '', lastName: prefill.lastName ?? '', email: prefill.email ?? '', phone: prefill.phone ?? '' }
  const form = usePaymentForm(FIELDS, initial, 'Please confirm you have read how the reservation and its refund work')
  const { values, errors } = form

  return (
    <form className="reservation-form" onSubmit={(e) => void form.submit(e, reserveBike, (key): ReserveBikeRequest => ({ reservationKey: key, productId, contact: { firstName: values.firstName ?? '', lastName: values.lastName ?? '', email: values.email ?? '', phone: values.phone ?? '' }, acceptTerms: true, ...withValuation(keptValuationId()) }))} noValidate>
      <Problem message={form.problem} innerRef={form.problemRef} />
      <fieldset>
        <legend>Your details</legend>
        {FIELDS.map((f) => (
          <TextField key={f.name} spec={f} value={values[f.name] ?? ''} error={errors[f.name]} onChange={(v) => form.setValue(f.name, v)} />
        ))}
      </fieldset>
      <fieldset>
        <legend>How your reservation works</legend>
        <ul className="reservation-terms">
          {terms.map((t) => (
            <li key={t}>{t}</li>
          ))}
          <li>You may also cancel within {CANCELLATION_DAYS} days of paying without giving a reason ({CONSUMER_CONTRACTS_REGULATIONS}).</li>
        </ul>
        <AcceptTerms id="reservation-accept" checked={form.accepted} error={errors.acceptTerms} onChange={form.setAccepted}>
          I have read how the reservation and its refund work
        </AcceptTerms>
      </fieldset>
      <button type="submit" className="button button--solid" disabled={form.sending}>
        {form.sending ? 'Reserving…' : `Pay ${depositText} deposit and reserve`}
      </button>
      <p className="muted">You pay on our card payment page next; your card details never pass through this site.</p>
    </form>
  )
}
