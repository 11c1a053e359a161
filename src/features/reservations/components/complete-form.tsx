'use client'
// Completing a reservation online: the billing address and the terms, then the card page for the price less
// the deposit already paid. The reserved bike is collected from the dealer.
import { useRef, useState, type FormEvent } from 'react'
import { FieldError } from '../../../components/ui/form-field'
import { Problem, sendToPayment, TextField, type FieldSpec } from './form-fields'

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
  const [values, setValues] = useState<Record<string, string>>({ line1: '', line2: '', town: '', postcode: '' })
  const [accepted, setAccepted] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const key = useRef<string | null>(null)
  const problemRef = useRef<HTMLDivElement>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing: Record<string, string> = {}
    for (const f of FIELDS) if (f.required !== false && !values[f.name]?.trim()) missing[f.name] = `Enter your ${f.label.toLowerCase()}`
    if (!accepted) missing.acceptTerms = 'Please confirm you have read the terms and your 14-day cancellation right'
    setErrors(missing)
    if (Object.keys(missing).length) {
      setProblem('Please check the details marked below.')
      requestAnimationFrame(() => problemRef.current?.focus())
      return
    }
    setSending(true)
    setProblem(null)
    key.current ??= crypto.randomUUID()
    const refused = await sendToPayment('/api/checkout/orders', {
      checkoutKey: key.current,
      lines: [{ productId, ...(variantId != null ? { variantId } : {}), count: 1 }],
      deliveryMethod: 'free',
      contact,
      address: { line1: values.line1, line2: values.line2, town: values.town, county: '', postcode: values.postcode },
      acceptTerms: true,
      reservationToken: token,
    }, key)
    if (refused === null) return
    setProblem(refused)
    setSending(false)
    requestAnimationFrame(() => problemRef.current?.focus())
  }

  return (
    <form className="reservation-form" onSubmit={(e) => void submit(e)} noValidate>
      <Problem message={problem} innerRef={problemRef} />
      <fieldset>
        <legend>Billing address</legend>
        <p className="field__hint">You collect the bike from our shop.</p>
        {FIELDS.map((f) => (
          <TextField key={f.name} spec={f} value={values[f.name] ?? ''} error={errors[f.name]} onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))} />
        ))}
      </fieldset>
      <fieldset>
        <legend>Terms and your right to cancel</legend>
        <p>You have the right to cancel within 14 days of receiving the bike, without giving a reason (Consumer Contracts Regulations 2013). We refund you within 14 days of getting it back.</p>
        <div className={`checkbox${errors.acceptTerms ? ' field--error' : ''}`}>
          {errors.acceptTerms && <FieldError id="complete-accept-error">{errors.acceptTerms}</FieldError>}
          <input id="complete-accept" type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} aria-describedby={errors.acceptTerms ? 'complete-accept-error' : undefined} />
          <label htmlFor="complete-accept">I have read the terms and my 14-day cancellation right</label>
        </div>
      </fieldset>
      <button type="submit" className="button button--solid" disabled={sending}>
        {sending ? 'Placing your order…' : `Place order and pay ${payText}`}
      </button>
    </form>
  )
}
