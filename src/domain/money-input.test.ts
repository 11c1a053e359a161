import { describe, expect, it } from 'vitest'
import { formatPoundsInput, isLargePriceChange, MAX_MONEY_PENCE, parsePounds } from './money-input'

const pence = (text: string, rules = {}) => {
  const parsed = parsePounds(text, rules)
  return parsed.ok ? parsed.pence : parsed.message
}

describe('parsePounds', () => {
  it('reads what staff type as pounds and pence, exactly', () => {
    expect(pence('£8,399')).toBe(839900)
    expect(pence('8399.5')).toBe(839950)
    expect(pence('39.99')).toBe(3999)
    expect(pence('40')).toBe(4000)
    expect(pence(' 8,399.00 ')).toBe(839900)
    expect(pence('1,000,000.00')).toBe(MAX_MONEY_PENCE)
    expect(pence('0.1')).toBe(10)
    expect(pence('.99')).toBe(99)
    expect(pence('4.')).toBe(400)
    expect(pence('0')).toBe(0)
    expect(pence('1.13')).toBe(113) // 1.13 * 100 is 112.99999999999999 in floating point
  })

  it('takes empty text as no amount', () => {
    expect(parsePounds('')).toEqual({ ok: true, pence: null })
    expect(parsePounds('   ')).toEqual({ ok: true, pence: null })
  })

  it('refuses what is not an amount, with a message', () => {
    for (const bad of ['abc', '12abc', '£', '.', '1.2.3', '1,23', '12,3456', ',100', '£-5', '1e3', '0x10', '40p']) {
      expect(parsePounds(bad), bad).toEqual({ ok: false, message: expect.stringContaining('pounds and pence') })
    }
    expect(pence('39.999')).toBe('Enter at most two decimals: pounds and pence, such as 39.99')
  })

  it('refuses negatives unless allowed, and amounts out of range', () => {
    expect(pence('-5')).toBe('Enter an amount of zero or more')
    expect(pence('−5')).toBe('Enter an amount of zero or more')
    expect(pence('-5', { allowNegative: true })).toBe(-500)
    expect(pence('-0')).toBe(0)
    expect(pence('1,000,000.01')).toBe('Enter at most £1,000,000.00')
    expect(pence('99999999999999999')).toBe('Enter at most £1,000,000.00')
    expect(pence('0.50', { minPence: 100, maxPence: 100_000 })).toBe('Enter at least £1.00')
    expect(pence('1,000.01', { minPence: 100, maxPence: 100_000 })).toBe('Enter at most £1,000.00')
  })
})

describe('formatPoundsInput', () => {
  it('shows pence as pounds with commas and two decimals', () => {
    expect(formatPoundsInput(839900)).toBe('8,399.00')
    expect(formatPoundsInput(5)).toBe('0.05')
    expect(formatPoundsInput(0)).toBe('0.00')
    expect(formatPoundsInput(-1250)).toBe('-12.50')
    expect(formatPoundsInput(MAX_MONEY_PENCE)).toBe('1,000,000.00')
    expect(() => formatPoundsInput(12.5)).toThrow(TypeError)
  })

  it('reads back what it shows', () => {
    for (const p of [0, 1, 99, 100, 4000, 839950, 1234567, MAX_MONEY_PENCE]) expect(pence(formatPoundsInput(p))).toBe(p)
  })
})

describe('isLargePriceChange', () => {
  it('is a change of more than half, up or down', () => {
    expect(isLargePriceChange(4000, 400000)).toBe(true)
    expect(isLargePriceChange(839900, 8399)).toBe(true)
    expect(isLargePriceChange(10000, 4999)).toBe(true)
    expect(isLargePriceChange(10000, 5000)).toBe(false)
    expect(isLargePriceChange(10000, 15000)).toBe(false)
    expect(isLargePriceChange(10000, 15001)).toBe(true)
    expect(isLargePriceChange(10000, 0)).toBe(true)
  })

  it('is never a first price or a price cleared', () => {
    expect(isLargePriceChange(null, 4000)).toBe(false)
    expect(isLargePriceChange(undefined, 4000)).toBe(false)
    expect(isLargePriceChange(0, 4000)).toBe(false)
    expect(isLargePriceChange(4000, null)).toBe(false)
  })
})
