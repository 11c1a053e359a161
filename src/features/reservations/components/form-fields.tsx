// The labelled text inputs and the error summary the reservation forms share (the checkout form's look).
import type { ReactNode, RefObject } from 'react'
import { Field, FieldError } from '../../../components/ui/form-field'
import type { ApiAnswer, ApiRefusal } from '../../../lib/http/call-api'

export interface FieldSpec {
  readonly name: string
  readonly label: string
  readonly autoComplete: string
  readonly type?: 'text' | 'email' | 'tel'
  readonly required?: boolean
}

export function TextField({ spec, value, error, onChange }: { spec: FieldSpec; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <Field
      id={`reservation-${spec.name}`}
      name={spec.name}
      label={spec.required === false ? `${spec.label} (optional)` : spec.label}
      error={error}
      errorAbove
      type={spec.type ?? 'text'}
      autoComplete={spec.autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={254}
    />
  )
}

/** The terms checkbox, its error above it. */
export function AcceptTerms({ id, checked, error, onChange, children }: { id: string; checked: boolean; error?: string; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <div className={`checkbox${error ? ' field--error' : ''}`}>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={error ? `${id}-error` : undefined} />
      <label htmlFor={id}>{children}</label>
    </div>
  )
}

export function Problem({ message, innerRef }: { message: string | null; innerRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div ref={innerRef} tabIndex={-1} role="alert" className={message ? 'reservation-message reservation-message--error' : undefined} data-testid="reservation-problem">
      {message}
    </div>
  )
}

/** The server's answer to a refused request, in words for the customer. */
export function refusalText(body: ApiRefusal | null): string {
  return body?.message ?? 'Something went wrong. Please try again; you have not been charged.'
}

/**
 * Posts a request that answers where to pay and goes there (null: the page is leaving), or answers the
 * refusal in words. A refused request (400, or 409 and above) drops its idempotency key, so the next try is
 * a new request rather than a replay of the refused one.
 */
export async function sendToPayment<T>(call: (body: T) => Promise<ApiAnswer<{ readonly paymentUrl: string }>>, body: T, key: { current: string | null }): Promise<string | null> {
  try {
    const answer = await call(body)
    if (answer.ok) {
      window.location.assign(answer.body.paymentUrl)
      return null
    }
    if (answer.status === 400 || answer.status >= 409) key.current = null
    return refusalText(answer.body)
  } catch {
    return 'We could not reach the shop. Please check your connection and try again; you have not been charged.'
  }
}
