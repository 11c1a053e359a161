import { describe, expect, it } from 'vitest'
import { absoluteUrl, productJsonLd, serialiseJsonLd } from './json-ld'

const base = {
  url: 'https://shop.test/products/used-honda-cb500f-2021',
  name: 'Used Honda CB500F 2021',
  description: 'One owner.',
  sku: 'USED-CB500F',
  brandName: 'Honda',
  imageUrls: ['https://shop.test/media/cb500f.webp'],
  pricePence: 449_500,
  inStock: true,
  condition: 'used' as const,
}

describe('productJsonLd', () => {
  it('describes the product with an Offer in pounds, GBP, availability and condition', () => {
    expect(productJsonLd(base)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: base.name,
      url: base.url,
      description: 'One owner.',
      sku: 'USED-CB500F',
      brand: { '@type': 'Brand', name: 'Honda' },
      image: base.imageUrls,
      offers: {
        '@type': 'Offer',
        url: base.url,
        price: '4495.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    })
  })

  it('keeps pence exact and marks new, sold-out items', () => {
    const ld = productJsonLd({ ...base, pricePence: 53_999, inStock: false, condition: 'new' })
    expect(ld.offers).toMatchObject({ price: '539.99', availability: 'https://schema.org/OutOfStock', itemCondition: 'https://schema.org/NewCondition' })
  })

  it('has no Offer and no empty fields when the price is on application', () => {
    const ld = productJsonLd({ ...base, pricePence: null, sku: null, brandName: null, description: null, imageUrls: [] })
    expect(Object.keys(ld)).toEqual(['@context', '@type', 'name', 'url'])
  })
})

describe('serialiseJsonLd', () => {
  it('cannot close the script element and still parses back', () => {
    const text = serialiseJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })

  it('makes absolute URLs on the site address', () => {
    expect(absoluteUrl('http://localhost:3000', '/products/a')).toBe('http://localhost:3000/products/a')
  })
})
