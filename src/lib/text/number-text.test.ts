import { describe, expect, it } from 'vitest'
import { numberText } from './number-text'

// Node carries ICU's full data: Intl is the reference this hand-written text must match exactly.
const intl = (value: number, min?: number, max?: number) => value.toLocaleString('en-GB', min === undefined ? undefined : { minimumFractionDigits: min, maximumFractionDigits: max })

describe('numberText', () => {
  it('groups thousands as en-GB does', () => {
    expect(numberText(0)).toBe('0')
    expect(numberText(999)).toBe('999')
    expect(numberText(1000)).toBe('1,000')
    expect(numberText(123456789)).toBe('123,456,789')
    expect(numberText(-1234567)).toBe('-1,234,567')
  })

  it('rounds half away from zero on the number as written, like Intl', () => {
    expect(numberText(1.005, 0, 2)).toBe('1.01')
    expect(numberText(9.9, 1, 2)).toBe('9.9')
    expect(numberText(10, 1, 2)).toBe('10.0')
    expect(numberText(12.345, 1, 2)).toBe('12.35')
    expect(numberText(-0.004, 0, 2)).toBe('0')
  })

  it('matches toLocaleString(\'en-GB\') for integers, decimals and fraction ranges', () => {
    const values = [0, 1, 7, 12, 999, 1000, 1001, 9999.5, 10000, 65432, 123456, 1234567.891, 0.1, 0.125, 2.675, 19.99, 6.95, 12.9, 1e15, -3.5, -1234.5678]
    // A fixed sequence (a linear congruential generator), so that a run that passes passes every time.
    let seed = 20261201
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648
      values.push(Math.round((seed / 2147483648) * 10 ** (1 + (i % 9))) / 10 ** (i % 4))
    }
    const ranges: Array<[number, number] | []> = [[], [0, 0], [0, 2], [1, 2], [2, 2], [0, 3]]
    for (const value of values) {
      for (const range of ranges) {
        const [min, max] = range
        expect(numberText(value, min, max), `${value} ${range.join('–')}`).toBe(intl(value, min, max))
      }
    }
  })

  it('refuses what it cannot write', () => {
    expect(() => numberText(Number.NaN)).toThrow(TypeError)
    expect(() => numberText(Infinity)).toThrow(TypeError)
    expect(() => numberText(1, 3, 2)).toThrow(RangeError)
  })
})
