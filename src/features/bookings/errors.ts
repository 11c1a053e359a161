// The one error the capacity guard throws from inside a booking write: the day (or the bike's time) has just
// filled up. The booking services turn it into a 409 with the next free days.
import { APIError } from 'payload'

export class DayFullError extends APIError {
  constructor(message: string) {
    super(message, 409, null, true)
    this.name = 'DayFullError'
  }
}

export function isDayFull(error: unknown): boolean {
  return error instanceof DayFullError || (typeof error === 'object' && error !== null && (error as { name?: string }).name === 'DayFullError')
}
