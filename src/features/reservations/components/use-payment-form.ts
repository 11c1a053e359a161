// The scaffolding the reserve and complete forms share: their fields and terms checked in the browser, the
// problem announced and focused, then one request to the payment page under one idempotency key per attempt.
import { useRef, useState, type FormEvent } from 'react'
import type { ApiAnswer } from '../../../lib/http/call-api'
import { sendToPayment, type FieldSpec } from './form-fields'

export function usePaymentForm(fields: readonly FieldSpec[], initial: Record<string, string>, acceptTermsError: string) {
  const [values, setValues] = useState<Record<string, string>>(initial)
  const [accepted, setAccepted] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const key = useRef<string | null>(null)
  const problemRef = useRef<HTMLDivElement>(null)

  /** Checks the form; when it is complete, sends body(key) by `call` and goes to the card page, or shows the refusal. */
  async function submit<T>(event: FormEvent, call: (body: T) => Promise<ApiAnswer<{ readonly paymentUrl: string }>>, body: (key: string) => T) {
    event.preventDefault()
    const missing: Record<string, string> = {}
    for (const f of fields) if (f.required !== false && !values[f.name]?.trim()) missing[f.name] = `Enter your ${f.label.toLowerCase()}`
    if (!accepted) missing.acceptTerms = acceptTermsError
    setErrors(missing)
    if (Object.keys(missing).length) {
      setProblem('Please check the details marked below.')
      requestAnimationFrame(() => problemRef.current?.focus())
      return
    }
    setSending(true)
    setProblem(null)
    key.current ??= crypto.randomUUID()
    const refused = await sendToPayment(call, body(key.current), key)
    if (refused === null) return
    setProblem(refused)
    setSending(false)
    requestAnimationFrame(() => problemRef.current?.focus())
  }

  const setValue = (name: string, value: string) => setValues((s) => ({ ...s, [name]: value }))
  return { values, setValue, accepted, setAccepted, errors, problem, problemRef, sending, submit }
}
