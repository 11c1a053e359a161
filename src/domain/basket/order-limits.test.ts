import { describe, expect, it } from 'vitest'
import { PRODUCT_KINDS } from '../catalogue/product-kind'
import { DEFAULT_MAX_PER_ORDER, MAX_OPEN_CARD_ORDERS, MAX_OPEN_FINANCE_APPLICATIONS, MAX_UNPAID_HOLDS_PER_NETWORK, maxPerOrder, maxUnpaidUnitsPerNetwork } from './order-limits'

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

describe('what one network may hold unpaid', () => {
  it('allows twice one order’s units of a product: two motorcycles, four bicycles, twenty helmets', () => {
    expect(maxUnpaidUnitsPerNetwork('motorcycle')).toBe(2)
    expect(maxUnpaidUnitsPerNetwork('bicycle')).toBe(4)
    expect(maxUnpaidUnitsPerNetwork('riderwear')).toBe(20)
    expect(maxUnpaidUnitsPerNetwork(null)).toBe(20)
  })

  it('allows a handful of holds in all, more than the per-email caps of one customer', () => {
    expect(MAX_UNPAID_HOLDS_PER_NETWORK).toBeGreaterThanOrEqual(MAX_OPEN_CARD_ORDERS + MAX_OPEN_FINANCE_APPLICATIONS)
  })
})
