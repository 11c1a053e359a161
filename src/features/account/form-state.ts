// What an account form's server action answers: a message for the whole form and one per field.
import type { CustomerOrder } from './order-view'

export interface FormState {
  readonly status: 'idle' | 'error' | 'success'
  readonly message?: string
  readonly fieldErrors?: Readonly<Record<string, string>>
  /** what the visitor typed, given back so a refused form keeps it (never a password) */
  readonly values?: Readonly<Record<string, string>>
}

export interface LookupState extends FormState {
  readonly order?: CustomerOrder
}

export const IDLE: FormState = { status: 'idle' }
