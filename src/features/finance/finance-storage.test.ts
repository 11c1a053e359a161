// The finance slice survives a reload and never disturbs the basket kept in the same stored object.
import { describe, expect, it } from 'vitest'
import { financeReducer, INITIAL_FINANCE_STATE } from '../../domain/finance/finance-state'
import { EMPTY_CONTACT } from './finance-contact'
import { contactFromStore, financeFromStore, storeWithFinance, storeWithoutFinanceContact } from './finance-storage'

const product = { productId: 7, slug: 'used-bike', name: 'Used bike', pricePence: 449500 }

describe('finance storage', () => {
  it('round-trips the finance state and keeps the basket slice as it was', () => {
    const basket = { items: [{ itemId: '3', count: 2 }] }
    const raw = JSON.stringify({ basket, other: 1 })
    const state = financeReducer(financeReducer(INITIAL_FINANCE_STATE, { type: 'productSet', product }), { type: 'quoteSet', quote: { QuoteUID: 'q-1' } })
    const written = storeWithFinance(raw, state, { ...EMPTY_CONTACT, firstName: 'Ada' })
    expect(JSON.parse(written)).toMatchObject({ basket, other: 1 })
    expect(financeFromStore(written)).toEqual(state)
    expect(contactFromStore(written).firstName).toBe('Ada')
    expect(JSON.parse(storeWithoutFinanceContact(written))).toEqual({ basket, other: 1, finance: JSON.parse(written).finance })
  })

  it('falls back to the initial state and an empty contact on anything unreadable', () => {
    expect(financeFromStore(null)).toEqual(INITIAL_FINANCE_STATE)
    expect(financeFromStore('{not json')).toEqual(INITIAL_FINANCE_STATE)
    expect(financeFromStore(JSON.stringify({ finance: { version: 99 } }))).toEqual(INITIAL_FINANCE_STATE)
    expect(contactFromStore(JSON.stringify({ financeContact: { firstName: 5, shippingMethod: 'rocket' } }))).toEqual(EMPTY_CONTACT)
  })
})
