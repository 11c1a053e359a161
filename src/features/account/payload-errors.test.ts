import { ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'
import { validationErrorsOf } from './payload-errors'

describe('validationErrorsOf', () => {
  it('reads a ValidationError, and one from another copy of Payload by its shape', () => {
    const errors = [{ message: 'A user with the given email is already registered.', path: 'email' }]
    expect(validationErrorsOf(new ValidationError({ collection: 'users', errors }))).toEqual(errors)
    // As the production build throws it: another copy of the class, its name minified away
    const foreign = Object.assign(new Error('The following field is invalid: email'), { name: 's', status: 400, data: { collection: 'users', errors } })
    expect(validationErrorsOf(foreign)).toEqual(errors)
    expect(validationErrorsOf(new Error('boom'))).toBeNull()
    expect(validationErrorsOf(Object.assign(new Error('x'), { status: 403, data: { errors } }))).toBeNull()
    expect(validationErrorsOf(null)).toBeNull()
  })
})
