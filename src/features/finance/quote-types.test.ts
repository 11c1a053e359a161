// Which failed quote calls the finance steps offer to "Try again": only those the same request could answer differently.
import { describe, expect, it } from 'vitest'
import { isTransientFailure } from './quote-types'

describe('isTransientFailure', () => {
  it('is true for no connection, a rate limit and the service failing', () => {
    for (const status of [0, 429, 500, 502, 503]) expect(isTransientFailure(status)).toBe(true)
  })

  it('is false for an answer about the request itself, which asking again would only repeat', () => {
    for (const status of [400, 403, 404, 409, 410, 422]) expect(isTransientFailure(status)).toBe(false)
  })
})
