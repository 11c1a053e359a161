// The labelled input, the labelled group and the form's message that the shop's forms share (account,
// bookings, checkout, reservations): each hint and error is tied to its input for screen readers. Styles:
// .field__hint and .field__error in the shop stylesheet (src/app/(shop)/styles.css); .field and .form-message
// in the stylesheets of the pages that lay the forms out.
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
  /** More classes for the field's wrapper, e.g. field--short. */
  readonly fieldClassName?: string
  /**
   * Puts the error between the label and the input, read as "Error: …" (the checkout and reservation forms,
   * after GOV.UK's error message); by default it follows the input.
   */
  readonly errorAbove?: boolean
}

export function Field({ name, label, error, hint, id, fieldClassName, errorAbove, ...input }: FieldProps) {
  const inputId = id ?? fieldId(name)
  const errorId = `${inputId}-error`
  return (
    <div className={`field${fieldClassName ? ` ${fieldClassName}` : ''}${error ? ' field--error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && <p className="field__hint" id={`${inputId}-hint`}>{hint}</p>}
      {error && errorAbove && <FieldError id={errorId}>{error}</FieldError>}
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, hint, error)} {...input} />
      {error && !errorAbove && <p className="field__error" id={errorId}>{error}</p>}
    </div>
  )
}

/** An error that stands before its control (a field with errorAbove, a terms checkbox), read as "Error: …". */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__error" id={id}>
      <span className="visually-hidden">Error: </span>
      {children}
    </p>
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
