import { describe, expect, it } from 'vitest'
import { isOnSale, ON_SALE_STATUS } from './on-sale'

describe('on sale', () => {
  it('is an active product, and nothing else', () => {
    expect(isOnSale(ON_SALE_STATUS)).toBe(true)
    for (const status of ['draft', 'archived', '', null, undefined, 'Active']) expect(isOnSale(status), String(status)).toBe(false)
  })
})
