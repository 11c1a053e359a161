// What a deal form's server action answers: a message for the whole form, one per field, what was typed.
export interface DealFormState {
  readonly status: 'idle' | 'error' | 'success'
  readonly message?: string
  readonly fieldErrors?: Readonly<Record<string, string>>
  readonly values?: Readonly<Record<string, string>>
}

export const IDLE: DealFormState = { status: 'idle' }
