import { describe, expect, it } from 'vitest'
import { stockStatus } from './stock-status'

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
