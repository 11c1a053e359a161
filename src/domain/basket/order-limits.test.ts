import { describe, expect, it } from 'vitest'
import { PRODUCT_KINDS } from '../catalogue/product-kind'
import { DEFAULT_MAX_PER_ORDER, maxPerOrder } from './order-limits'

describe('maxPerOrder', () => {
  it('sells one motorcycle or scooter per order and caps gear', () => {
    expect(maxPerOrder('motorcycle')).toBe(1)
    expect(maxPerOrder('scooter')).toBe(1)
    expect(maxPerOrder('riderwear')).toBe(10)
    expect(maxPerOrder(null)).toBe(DEFAULT_MAX_PER_ORDER.accessory)
  })

  it("prefers a product's own positive whole-number cap, and ignores nonsense", () => {
    expect(maxPerOrder('accessory', 2)).toBe(2)
    expect(maxPerOrder('motorcycle', 3)).toBe(3)
    for (const bad of [0, -1, 1.5, Number.NaN, null, undefined]) expect(maxPerOrder('accessory', bad)).toBe(10)
  })

  it('has a cap of at least one for every kind', () => {
    for (const kind of PRODUCT_KINDS) expect(maxPerOrder(kind)).toBeGreaterThanOrEqual(1)
  })
})
