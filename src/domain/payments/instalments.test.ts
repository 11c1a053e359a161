import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { payIn3 } from './instalments'

describe('payIn3', () => {
  it('adds up to the total for every amount from 1p to £2,500, each within a penny of the others, the odd pennies first', () => {
    for (let total = 1; total <= 250_000; total++) {
      const [a, b, c] = payIn3(total).map((i) => i.amountPence) as [number, number, number]
      if (a + b + c !== total || b !== c || a - b < 0 || a - b > 2 || b < 0) throw new Error(`payIn3(${total}) = ${a}, ${b}, ${c}`)
    }
  })

  it('holds for any whole amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        const parts = payIn3(total)
        expect(parts.reduce((sum, p) => sum + p.amountPence, 0)).toBe(total)
        expect(parts.every((p) => Number.isInteger(p.amountPence) && p.amountPence >= 0)).toBe(true)
        expect(Math.max(...parts.map((p) => p.amountPence)) - Math.min(...parts.map((p) => p.amountPence))).toBeLessThanOrEqual(2)
      }),
    )
  })

  it('takes the first today and the others 30 and 60 days later', () => {
    expect(payIn3(10_000)).toEqual([
      { number: 1, amountPence: 3334, dueInDays: 0 },
      { number: 2, amountPence: 3333, dueInDays: 30 },
      { number: 3, amountPence: 3333, dueInDays: 60 },
    ])
    expect(payIn3(3002).map((i) => i.amountPence)).toEqual([1002, 1000, 1000])
  })

  it('refuses a total that is not whole pence', () => {
    expect(() => payIn3(10.5)).toThrow(RangeError)
    expect(() => payIn3(-1)).toThrow(RangeError)
  })
})
