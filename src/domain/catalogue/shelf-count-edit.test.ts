import { describe, expect, it } from 'vitest'
import { shelfCountAfterEdit } from './shelf-count-edit'

describe('shelfCountAfterEdit', () => {
  it('keeps what was sold since the form loaded when staff left the count alone', () => {
    // Loaded at 5; two sold meanwhile (3 now); the form sends 5 back untouched.
    expect(shelfCountAfterEdit(3, 5, 5)).toBe(3)
  })

  it('adds what staff changed to the count as it is now', () => {
    expect(shelfCountAfterEdit(3, 8, 5)).toBe(6)
    expect(shelfCountAfterEdit(3, 4, 5)).toBe(2)
  })

  it('never goes below nothing', () => {
    expect(shelfCountAfterEdit(1, 0, 5)).toBe(0)
  })

  it('takes the count as sent from a client that did not load one', () => {
    expect(shelfCountAfterEdit(3, 7, undefined)).toBe(7)
    expect(shelfCountAfterEdit(3, 7, null)).toBe(7)
    // A loaded count that is not a count is no loaded count.
    expect(shelfCountAfterEdit(3, 4, -2)).toBe(4)
  })

  it('answers nothing for a count that is not a whole number of units', () => {
    expect(shelfCountAfterEdit(3, undefined, 5)).toBeUndefined()
    expect(shelfCountAfterEdit(3, -1, 5)).toBeUndefined()
    expect(shelfCountAfterEdit(3, 2.5, 5)).toBeUndefined()
  })
})
