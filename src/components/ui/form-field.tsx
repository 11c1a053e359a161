// The labelled input, the labelled group and the form's message that the account and booking forms share:
// each hint and error is tied to its input for screen readers (styles: .field, .field__hint, .field__error,
// .form-message in the account stylesheet, which those pages load).
import type { InputHTMLAttributes, ReactNode } from 'react'

/** The id of a field's input, from its name (dotted paths and brackets made safe). */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly name: string
  readonly label: string
  readonly error?: string
  readonly hint?: string
}

export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? fieldId(name)
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && <p className="field__hint" id={`${inputId}-hint`}>{hint}</p>}
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, hint, error)} {...input} />
      {error && <p className="field__error" id={`${inputId}-error`}>{error}</p>}
    </div>
  )
}

/** A fieldset whose legend names a radio or checkbox group, with the group's error tied to it. */
export function Group({ name, legend, error, hint, children, className }: { name: string; legend: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  const id = fieldId(name)
  return (
    <fieldset className={`booking-group${error ? ' booking-group--error' : ''}${className ? ` ${className}` : ''}`} aria-describedby={describedBy(id, hint, error)} id={id}>
      <legend>{legend}</legend>
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
      {children}
    </fieldset>
  )
}

/** The message for the whole form, announced when it changes. */
export function FormMessage({ status, message, children }: { status: 'idle' | 'error' | 'success'; message?: string; children?: ReactNode }) {
  if (!message || status === 'idle') return <div role="status" aria-live="polite" className="visually-hidden" />
  return (
    <div role={status === 'error' ? 'alert' : 'status'} className={`form-message form-message--${status}`}>
      {message}
      {children}
    </div>
  )
}
