import { describe, expect, it } from 'vitest'
import { decimalPounds, formatPence, isPence, penceToPounds, poundsToPence, vatIncluded } from './money'

describe('money', () => {
  it('formats whole pounds without decimals and other amounts with two', () => {
    expect(formatPence(649900)).toBe('£6,499')
    expect(formatPence(1250)).toBe('£12.50')
    expect(formatPence(1)).toBe('£0.01')
    expect(formatPence(0)).toBe('£0')
    expect(formatPence(-123450)).toBe('-£1,234.50')
  })
  it('writes every amount exactly as Intl writes en-GB GBP', () => {
    const intl = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 }).format(pence / 100)
    const amounts = [0, 1, 99, 100, 101, 99999, 100000, 649900, 1234567, 100000000, 987654321, -1, -100, -5050, -123456789]
    for (let p = 0; p < 200000; p += 97) amounts.push(p)
    for (const pence of amounts) expect(formatPence(pence), String(pence)).toBe(intl(pence))
  })
  it('refuses fractional pence', () => {
    expect(() => formatPence(10.5)).toThrow(TypeError)
    expect(isPence(10.5)).toBe(false)
    expect(isPence(10)).toBe(true)
  })
  it('converts between pounds and pence', () => {
    expect(poundsToPence(136.92)).toBe(13692)
    expect(poundsToPence(8393.68)).toBe(839368)
    expect(poundsToPence(-1.005)).toBe(-101)
    expect(penceToPounds(13692)).toBe(136.92)
  })
  it('extracts VAT from a VAT-inclusive price', () => {
    expect(vatIncluded(12000, 20)).toBe(2000)
    expect(vatIncluded(999, 20)).toBe(167)
    expect(vatIncluded(1050, 5)).toBe(50)
    expect(vatIncluded(1000, 0)).toBe(0)
  })
  it('writes pence as a plain two-decimal amount for machine formats', () => {
    expect(decimalPounds(123456)).toBe('1234.56')
    expect(decimalPounds(649900)).toBe('6499.00')
    expect(decimalPounds(5)).toBe('0.05')
    expect(decimalPounds(0)).toBe('0.00')
    expect(decimalPounds(-1200)).toBe('-12.00')
    expect(decimalPounds(100_000_000)).toBe('1000000.00')
    expect(() => decimalPounds(10.5)).toThrow(TypeError)
  })
})
