// Labelled inputs for the booking forms, each error tied to its input for screen readers.
import type { InputHTMLAttributes, ReactNode } from 'react'

export function fieldId(name: string): string {
  return `b-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`
}

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  readonly name: string
  readonly label: string
  readonly error?: string
  readonly hint?: string
}

export function Field({ name, label, error, hint, ...input }: Props) {
  const id = fieldId(name)
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}

/** A fieldset whose legend names a radio or checkbox group, with the group's error tied to it. */
export function Group({ name, legend, error, hint, children, className }: { name: string; legend: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  const id = fieldId(name)
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={`booking-group${error ? ' booking-group--error' : ''}${className ? ` ${className}` : ''}`} aria-describedby={describedBy} id={id}>
      <legend>{legend}</legend>
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
      {children}
    </fieldset>
  )
}

export function FormMessage({ status, message, children }: { status: 'idle' | 'error' | 'success'; message?: string; children?: ReactNode }) {
  if (!message || status === 'idle') return <div role="status" aria-live="polite" className="visually-hidden" />
  return (
    <div role={status === 'error' ? 'alert' : 'status'} className={`form-message form-message--${status}`}>
      {message}
      {children}
    </div>
  )
}
