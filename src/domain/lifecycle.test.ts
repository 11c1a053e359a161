import { describe, expect, it } from 'vitest'
import { mayMake, stockStateAfter } from './lifecycle'

describe('a declared transition', () => {
  it('leaves a record committed when its units are sold, released when they go back, and as it was otherwise', () => {
    expect(stockStateAfter({ stock: 'sell' })).toBe('committed')
    expect(stockStateAfter({ stock: ['held'] })).toBe('released')
    expect(stockStateAfter({ stock: ['held', 'sold'] })).toBe('released')
    expect(stockStateAfter({})).toBeUndefined()
  })

  it('may be made only from its states', () => {
    expect(mayMake({ from: ['awaiting_payment'] }, 'awaiting_payment')).toBe(true)
    expect(mayMake({ from: ['awaiting_payment'] }, 'paid')).toBe(false)
  })
})
