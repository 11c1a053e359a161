import { describe, expect, it } from 'vitest'
import { SHOWN_STOCK_CAP } from '../../domain/catalogue/stock-status'
import { MAX_LINE_COUNT } from './basket-request'

describe('basket request limits', () => {
  it('a page hands the browser enough stock to fill the largest basket line it accepts', () => {
    // Product pages cap the stock they show at SHOWN_STOCK_CAP; a line may hold MAX_LINE_COUNT units.
    expect(SHOWN_STOCK_CAP).toBe(MAX_LINE_COUNT)
  })
})
