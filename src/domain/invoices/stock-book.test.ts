import { describe, expect, it } from 'vitest'
import { marginOf, stockBookRows, STOCK_BOOK_HEADER } from './stock-book'

const bike = { stockNumber: 'USED-CB500F', description: 'Used Honda CB500F 2021', purchaseDate: '2026-10-01T00:00:00.000Z', purchasePricePence: 380_000, seller: 'A. Seller', saleDate: '2026-11-28T10:00:00.000Z', salePricePence: 449_500, buyer: 'Ada Rider', invoiceNumber: 'INV-000007' }

describe('the margin scheme stock book', () => {
  it('takes VAT as a sixth of the margin, rounded half up to the penny', () => {
    expect(marginOf(bike)).toEqual({ marginPence: 69_500, vatPence: 11_583 }) // 695 / 6 = 115.833…
    expect(marginOf({ purchasePricePence: 0, salePricePence: 3 })).toEqual({ marginPence: 3, vatPence: 1 }) // 0.5p rounds up
    expect(marginOf({ purchasePricePence: 0, salePricePence: 2 })).toEqual({ marginPence: 2, vatPence: 0 })
  })

  it('has no margin (and no VAT) on a sale at a loss, and none until the vehicle is sold and its price known', () => {
    expect(marginOf({ purchasePricePence: 500_000, salePricePence: 449_500 })).toEqual({ marginPence: 0, vatPence: 0 })
    expect(marginOf({ purchasePricePence: 500_000, salePricePence: null })).toBeNull()
    expect(marginOf({ purchasePricePence: null, salePricePence: 449_500 })).toBeNull()
  })

  it('writes a row per vehicle in pounds and days', () => {
    expect(stockBookRows([bike])).toEqual([[...STOCK_BOOK_HEADER], ['USED-CB500F', 'Used Honda CB500F 2021', '2026-10-01', '3800.00', 'A. Seller', '2026-11-28', '4495.00', 'Ada Rider', 'INV-000007', '695.00', '115.83']])
  })
})
