// A labelled input with its error beside it, tied together for screen readers.
import type { InputHTMLAttributes } from 'react'

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  readonly name: string
  readonly label: string
  readonly error?: string
  readonly hint?: string
}

export function Field({ name, label, error, hint, id, ...input }: Props) {
  const inputId = id ?? `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && <p className="field__hint" id={`${inputId}-hint`}>{hint}</p>}
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && <p className="field__error" id={`${inputId}-error`}>{error}</p>}
    </div>
  )
}

/** The message for the whole form, announced when it changes. */
export function FormMessage({ status, message }: { status: 'idle' | 'error' | 'success'; message?: string }) {
  if (!message || status === 'idle') return <div role="status" aria-live="polite" className="visually-hidden" />
  return (
    <div role={status === 'error' ? 'alert' : 'status'} className={`form-message form-message--${status}`}>
      {message}
    </div>
  )
}
