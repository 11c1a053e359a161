import { describe, expect, it } from 'vitest'
import { resumeFinanceHref } from './resume-finance'

const stored = (product: unknown) => JSON.stringify({ basket: { items: [] }, finance: { version: 1, state: { product } } })

describe('resumeFinanceHref', () => {
  it('resumes the same step for the bike in the stored finance state', () => {
    const product = { productId: 7, slug: 'honda-cb650r-2024', name: 'Honda CB650R', pricePence: 850_000 }
    expect(resumeFinanceHref('data', stored(product))).toBe('/finance-checkout-data?product=honda-cb650r-2024')
    expect(resumeFinanceHref('summary', stored(product))).toBe('/finance-checkout-summary?product=honda-cb650r-2024')
  })
  it('has nowhere to go with nothing stored, no bike chosen or an unreadable store', () => {
    expect(resumeFinanceHref('product', null)).toBeNull()
    expect(resumeFinanceHref('product', stored(null))).toBeNull()
    expect(resumeFinanceHref('accessories', '{not json')).toBeNull()
  })
})
