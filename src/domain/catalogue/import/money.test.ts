import { describe, expect, it } from 'vitest'
import { formatPounds, parsePounds } from './money'

describe('parsePounds', () => {
  it.each([
    ['6499', 649_900],
    ['6,499.00', 649_900],
    ['£12.50', 1250],
    ['£ 12.5', 1250],
    ['0.99', 99],
    ['0', 0],
    [' 123,456.7 ', 12_345_670],
  ])('%s is %i pence', (raw, pence) => {
    expect(parsePounds(raw)).toEqual({ ok: true, pence })
  })

  it('refuses three decimals, words, negatives, bad thousands and more than £1,000,000', () => {
    expect(parsePounds('12.345')).toEqual({ ok: false, reason: 'price "12.345" has more than two decimals' })
    expect(parsePounds('£abc')).toEqual({ ok: false, reason: 'price "£abc" is not an amount in pounds' })
    expect(parsePounds('-5')).toEqual({ ok: false, reason: 'price "-5" is negative' })
    expect(parsePounds('£-5.00').ok).toBe(false)
    expect(parsePounds('1,23').ok).toBe(false)
    expect(parsePounds('12.').ok).toBe(false)
    expect(parsePounds('1e3').ok).toBe(false)
    expect(parsePounds('1000000.01')).toEqual({ ok: false, reason: 'price "1000000.01" is more than £1,000,000' })
  })
})

describe('formatPounds', () => {
  it('writes pounds with two decimals, which parsePounds reads back', () => {
    for (const pence of [0, 5, 99, 100, 1250, 649_900]) {
      const text = formatPounds(pence)
      expect(text).toMatch(/^\d+\.\d{2}$/)
      expect(parsePounds(text)).toEqual({ ok: true, pence })
    }
  })
})
