// Reading Payload's errors in server actions.
import { ValidationError } from 'payload'

/**
 * The field errors of a Payload ValidationError. Matched by shape, not `instanceof`: the production build may load
 * Payload's error classes from another module copy than this file's import, and a missed match became a 500.
 */
export function validationErrorsOf(error: unknown): { path: string; message: string }[] | null {
  if (error instanceof ValidationError) return error.data.errors
  const data = typeof error === 'object' && error !== null ? (error as { name?: unknown; data?: { errors?: unknown } }) : null
  // Neither the class nor its name survives: the production bundle holds a second copy of Payload's errors, and
  // minifies class names ('s' in the e2e build). The shape does: status 400 with data.errors.
  if (!data || Number((data as { status?: unknown }).status) !== 400 || !Array.isArray(data.data?.errors)) return null
  return (data.data.errors as unknown[]).filter((e): e is { path: string; message: string } => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string')
}
