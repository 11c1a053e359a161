'use client'
// Completing a reservation online: the billing address and the terms, then the card page for the price less
// the deposit already paid. The reserved bike is collected from the dealer.
import { AcceptTerms, Problem, TextField, type FieldSpec } from './form-fields'
import { usePaymentForm } from './use-payment-form'
import { placeCardOrder, type PlaceCardOrderRequest } from '../../checkout/api/place-card-order'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS, REFUND_DAYS } from '../../../domain/consumer-rights'

const FIELDS: readonly FieldSpec[] = [
  { name: 'line1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2', required: false },
  { name: 'town', label: 'Town or city', autoComplete: 'address-level2' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
]

interface Props {
  readonly token: string
  readonly productId: number
  readonly variantId: number | null
  readonly contact: { readonly firstName: string; readonly lastName: string; readonly email: string; readonly phone: string }
  readonly payText: string
}

export function CompleteForm({ token, productId, variantId, contact, payText }: Props) {
  const form = usePaymentForm(FIELDS, { line1: '', line2: '', town: '', postcode: '' }, 'Please confirm you have read the terms and your 14-day cancellation right')
  const { values, errors } = form
  const order = (key: string): PlaceCardOrderRequest => ({
    checkoutKey: key,
    lines: [{ productId, ...(variantId != null ? { variantId } : {}), count: 1 }],
    deliveryMethod: 'free',
    contact,
    address: { line1: values.line1 ?? '', line2: values.line2 ?? '', town: values.town ?? '', county: '', postcode: values.postcode ?? '' },
    acceptTerms: true,
    reservationToken: token,
  })

  return (
    <form className="reservation-form" onSubmit={(e) => void form.submit(e, placeCardOrder, order)} noValidate>
      <Problem message={form.problem} innerRef={form.problemRef} />
      <fieldset>
        <legend>Billing address</legend>
        <p className="field__hint">You collect the bike from our shop.</p>
        {FIELDS.map((f) => (
          <TextField key={f.name} spec={f} value={values[f.name] ?? ''} error={errors[f.name]} onChange={(v) => form.setValue(f.name, v)} />
        ))}
      </fieldset>
      <fieldset>
        <legend>Terms and your right to cancel</legend>
        <p>You have the right to cancel within {CANCELLATION_DAYS} days of receiving the bike, without giving a reason ({CONSUMER_CONTRACTS_REGULATIONS}). We refund you within {REFUND_DAYS} days of getting it back.</p>
        <AcceptTerms id="complete-accept" checked={form.accepted} error={errors.acceptTerms} onChange={form.setAccepted}>
          I have read the terms and my {CANCELLATION_DAYS}-day cancellation right
        </AcceptTerms>
      </fieldset>
      <button type="submit" className="button button--solid" disabled={form.sending}>
        {form.sending ? 'Placing your order…' : `Place order and pay ${payText}`}
      </button>
    </form>
  )
}
