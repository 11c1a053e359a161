// What a booking form's server action answers: a message for the whole form, one per field, what was typed.
export interface BookingFormState {
  readonly status: 'idle' | 'error' | 'success'
  readonly message?: string
  readonly fieldErrors?: Readonly<Record<string, string>>
  readonly values?: Readonly<Record<string, string | readonly string[]>>
  readonly nextDays?: readonly { value: string; label: string }[]
  /** The page to load next, when the form was sent by script (see `documentLoadOf` in ./actions.server.ts). */
  readonly location?: string
}

export const IDLE: BookingFormState = { status: 'idle' }
