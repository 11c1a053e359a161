import { describe, expect, it } from 'vitest'
import { checkoutDetailsFromStore, storeWithCheckoutDetails } from './checkout-details-storage'

describe('saved checkout details', () => {
  it('round-trip through the store under "root", keeping the basket and other slices', () => {
    const before = JSON.stringify({ basket: { items: [{ count: 1 }] }, finance: { version: 1 } })
    const raw = storeWithCheckoutDetails(before, { 'contact.firstName': 'Ada', 'contact.email': 'ada@example.co.uk', 'address.postcode': 'LS1 4AP', 'address.line2': '' })
    const stored = JSON.parse(raw)
    expect(stored.basket).toEqual({ items: [{ count: 1 }] })
    expect(stored.finance).toEqual({ version: 1 })
    expect(checkoutDetailsFromStore(raw)).toEqual({ 'contact.firstName': 'Ada', 'contact.email': 'ada@example.co.uk', 'address.postcode': 'LS1 4AP' })
  })

  it('never keeps anything but the nine form fields (no card data, no terms box)', () => {
    const raw = storeWithCheckoutDetails(null, { 'contact.firstName': 'Ada', cardNumber: '4242424242424242', acceptTerms: 'true' } as never)
    expect(JSON.parse(raw).checkout).toEqual({ 'contact.firstName': 'Ada' })
    expect(checkoutDetailsFromStore(JSON.stringify({ checkout: { 'contact.firstName': 'Ada', cvc: '123' } }))).toEqual({ 'contact.firstName': 'Ada' })
  })

  it('reads a damaged or missing slice as no details, field by field', () => {
    expect(checkoutDetailsFromStore(null)).toEqual({})
    expect(checkoutDetailsFromStore('{nope')).toEqual({})
    expect(checkoutDetailsFromStore(JSON.stringify({ checkout: { 'contact.firstName': 42, 'contact.lastName': 'Lovelace' } }))).toEqual({ 'contact.lastName': 'Lovelace' })
  })
})
