import { describe, expect, it } from 'vitest'
import { announcement, countDetail, groupOptions, moveActive, productDetail, suggestionOptions } from './suggestion-options'

const product = (name: string, pricePence: number | null, extra: { fromPrice?: boolean; inStock?: boolean } = {}) => ({
  id: 1,
  name,
  url: `/products/${name.toLowerCase().replace(/\s+/g, '-')}`,
  pricePence,
  fromPrice: extra.fromPrice ?? false,
  brand: null,
  inStock: extra.inStock ?? true,
  image: null,
})

describe('suggestion options', () => {
  it('lists products with their headline price, then brands and categories with their counts, in that order', () => {
    const options = suggestionOptions({
      products: [product('Honda CB650R', 849_900), product('Honda Helmet', 12_950, { fromPrice: true })],
      brands: [{ name: 'Honda', url: '/brand/honda', count: 12 }],
      categories: [{ name: 'Scooters', url: '/category/motorcycles/scooters', count: 1 }],
    })
    expect(options.map((o) => [o.group, o.label, o.detail, o.url])).toEqual([
      ['products', 'Honda CB650R', '£8,499', '/products/honda-cb650r'],
      ['products', 'Honda Helmet', 'From £129.50', '/products/honda-helmet'],
      ['brands', 'Honda', '12 products', '/brand/honda'],
      ['categories', 'Scooters', '1 product', '/category/motorcycles/scooters'],
    ])
    expect(groupOptions(options).map((g) => [g.group, g.options.map((o) => o.index)])).toEqual([
      ['products', [0, 1]],
      ['brands', [2]],
      ['categories', [3]],
    ])
  })

  it('leaves out empty groups', () => {
    const options = suggestionOptions({ products: [], brands: [{ name: 'KTM', url: '/brand/ktm', count: 3 }], categories: [] })
    expect(groupOptions(options).map((g) => g.group)).toEqual(['brands'])
  })

  it('says when a price is on application and when a product is sold out', () => {
    expect(productDetail({ pricePence: null, fromPrice: false, inStock: true })).toBe('Price on application')
    expect(productDetail({ pricePence: 500_000, fromPrice: false, inStock: false })).toBe('£5,000, sold out')
    expect(countDetail(0)).toBe('0 products')
  })
})

describe('moving through the options', () => {
  it('goes down from the text box to the first option and wraps at the end', () => {
    expect(moveActive(-1, 'next', 3)).toBe(0)
    expect(moveActive(0, 'next', 3)).toBe(1)
    expect(moveActive(2, 'next', 3)).toBe(0)
  })

  it('goes up from the text box to the last option and wraps at the start', () => {
    expect(moveActive(-1, 'previous', 3)).toBe(2)
    expect(moveActive(1, 'previous', 3)).toBe(0)
    expect(moveActive(0, 'previous', 3)).toBe(2)
  })

  it('stays on the text box when there is nothing to choose, and never points past a shorter list', () => {
    expect(moveActive(-1, 'next', 0)).toBe(-1)
    expect(moveActive(5, 'previous', 3)).toBe(2)
  })
})

describe('the announcement', () => {
  it('counts the suggestions for a screen reader', () => {
    expect(announcement(0)).toBe('No suggestions.')
    expect(announcement(1)).toBe('1 suggestion. Use the up and down arrows to choose.')
    expect(announcement(7)).toBe('7 suggestions. Use the up and down arrows to choose.')
  })
})
