'use client'
// The reservation form: contact details and the plain terms, then the deposit is paid on the card page.
// The deposit is never sent from here: the server takes it from the shop's settings.
import { useRef, useState, type FormEvent } from 'react'
import { FieldError } from '../../../components/ui/form-field'
import { Problem, sendToPayment, TextField, type FieldSpec } from './form-fields'

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

export function ReserveForm({ productId, depositText, terms, prefill }: Props) {
  const [values, setValues] = useState<Record<string, string>>({ firstName: prefill.firstName ?? '', lastName: prefill.lastName ?? '', email: prefill.email ?? '', phone: prefill.phone ?? '' })
  const [accepted, setAccepted] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const key = useRef<string | null>(null)
  const problemRef = useRef<HTMLDivElement>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing: Record<string, string> = {}
    for (const f of FIELDS) if (!values[f.name]?.trim()) missing[f.name] = `Enter your ${f.label.toLowerCase()}`
    if (!accepted) missing.acceptTerms = 'Please confirm you have read how the reservation and its refund work'
    setErrors(missing)
    if (Object.keys(missing).length) {
      setProblem('Please check the details marked below.')
      requestAnimationFrame(() => problemRef.current?.focus())
      return
    }
    setSending(true)
    setProblem(null)
    key.current ??= crypto.randomUUID()
    const refused = await sendToPayment('/api/reserve', { reservationKey: key.current, productId, contact: values, acceptTerms: true }, key)
    if (refused === null) return
    setProblem(refused)
    setSending(false)
    requestAnimationFrame(() => problemRef.current?.focus())
  }

  return (
    <form className="reservation-form" onSubmit={(e) => void submit(e)} noValidate>
      <Problem message={problem} innerRef={problemRef} />
      <fieldset>
        <legend>Your details</legend>
        {FIELDS.map((f) => (
          <TextField key={f.name} spec={f} value={values[f.name] ?? ''} error={errors[f.name]} onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))} />
        ))}
      </fieldset>
      <fieldset>
        <legend>How your reservation works</legend>
        <ul className="reservation-terms">
          {terms.map((t) => (
            <li key={t}>{t}</li>
          ))}
          <li>You may also cancel within 14 days of paying without giving a reason (Consumer Contracts Regulations 2013).</li>
        </ul>
        <div className={`checkbox${errors.acceptTerms ? ' field--error' : ''}`}>
          {errors.acceptTerms && <FieldError id="reservation-accept-error">{errors.acceptTerms}</FieldError>}
          <input id="reservation-accept" type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} aria-describedby={errors.acceptTerms ? 'reservation-accept-error' : undefined} />
          <label htmlFor="reservation-accept">I have read how the reservation and its refund work</label>
        </div>
      </fieldset>
      <button type="submit" className="button button--solid" disabled={sending}>
        {sending ? 'Reserving…' : `Pay ${depositText} deposit and reserve`}
      </button>
      <p className="muted">You pay on our card payment page next; your card details never pass through this site.</p>
    </form>
  )
}
