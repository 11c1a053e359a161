import { describe, expect, it } from 'vitest'
import { LOW_STOCK_THRESHOLD, saleChangesPages, SHOWN_STOCK_CAP, shownStock, stockStatus } from './stock-status'

describe('stockStatus', () => {
  it('says in stock, only n left at 3 or fewer, or out of stock', () => {
    expect(stockStatus(10).label).toBe('In stock')
    expect(stockStatus(4).label).toBe('In stock')
    expect(stockStatus(3)).toEqual({ level: 'low', label: 'Only 3 left' })
    expect(stockStatus(1).label).toBe('Only 1 left')
    expect(stockStatus(0)).toEqual({ level: 'out-of-stock', label: 'Out of stock' })
  })

  it('treats missing, negative or odd figures as none', () => {
    for (const q of [null, undefined, -2, Number.NaN]) expect(stockStatus(q).level).toBe('out-of-stock')
    expect(stockStatus(2.7).label).toBe('Only 2 left')
  })
})

describe('shownStock and saleChangesPages', () => {
  it('caps the figure a page shows at what one basket line may hold, above the low-stock threshold', () => {
    expect(SHOWN_STOCK_CAP).toBeGreaterThan(LOW_STOCK_THRESHOLD)
    expect(shownStock(1_000_000)).toBe(SHOWN_STOCK_CAP)
    expect(shownStock(100)).toBe(99)
    expect(shownStock(42.9)).toBe(42)
    for (const q of [null, undefined, -5, Number.NaN]) expect(shownStock(q)).toBe(0)
    // The label a customer reads is the same from the capped figure.
    for (const q of [0, 1, 3, 4, 98, 99, 100, 5000]) expect(stockStatus(shownStock(q))).toEqual(stockStatus(q))
  })

  it('a sale changes pages only when what is left is below the cap', () => {
    expect(saleChangesPages(1_000_000)).toBe(false)
    expect(saleChangesPages(99)).toBe(false) // 100 → 99 shows 99 both times
    expect(saleChangesPages(98)).toBe(true)
    expect(saleChangesPages(0)).toBe(true)
    expect(saleChangesPages(null)).toBe(true)
    // For every sale of n units leaving r: the page changed exactly when saleChangesPages(r) says so, or it says so anyway.
    for (let r = 0; r < 300; r++) for (const n of [1, 2, 5, 99]) if (shownStock(r + n) !== shownStock(r)) expect(saleChangesPages(r)).toBe(true)
  })
})
