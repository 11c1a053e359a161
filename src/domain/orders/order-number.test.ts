import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateOrderNumber, isOrderNumber, normaliseOrderNumber, ORDER_NUMBER_ALPHABET } from './order-number'

describe('order numbers', () => {
  it('have the WH- prefix and six characters from the unambiguous alphabet', () => {
    for (let i = 0; i < 500; i++) {
      const n = generateOrderNumber(randomBytes)
      expect(n).toMatch(/^WH-[346789ABCDEFGHJKMNPQRTWXY]{6}$/)
      expect(isOrderNumber(n)).toBe(true)
    }
  })

  it('never use characters that are easily confused', () => {
    for (const c of '0O1IL5S2ZUV') expect(ORDER_NUMBER_ALPHABET).not.toContain(c)
  })

  it('are spread evenly: rejection sampling skips biased bytes', () => {
    // Bytes 250..255 are above the largest multiple of 25 and must be skipped, not folded onto 0..5.
    const bytes = [255, 250, 0, 24, 25, 1, 2, 3, 4]
    const source = () => Uint8Array.from(bytes.splice(0, 12))
    expect(generateOrderNumber(source)).toBe(`WH-${ORDER_NUMBER_ALPHABET[0]}${ORDER_NUMBER_ALPHABET[24]}${ORDER_NUMBER_ALPHABET[0]}${ORDER_NUMBER_ALPHABET[1]}${ORDER_NUMBER_ALPHABET[2]}${ORDER_NUMBER_ALPHABET[3]}`)
  })

  it('rarely collide: 20,000 numbers are (almost surely) distinct', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 20_000; i++) seen.add(generateOrderNumber(randomBytes))
    expect(seen.size).toBeGreaterThan(19_990)
  })

  it('forgive case, spaces and a missing prefix when typed', () => {
    expect(normaliseOrderNumber(' wh-7k3f9q ')).toBe('WH-7K3F9Q')
    expect(normaliseOrderNumber('7K3F9Q')).toBe('WH-7K3F9Q')
    expect(normaliseOrderNumber('WH-7K3F9')).toBeNull()
    expect(normaliseOrderNumber('WH-7K3F9O')).toBeNull()
    expect(normaliseOrderNumber('<script>')).toBeNull()
  })
})
