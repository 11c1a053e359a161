// The finance slice survives a reload and never disturbs the basket kept in the same stored object.
import { describe, expect, it } from 'vitest'
import { financeReducer, INITIAL_FINANCE_STATE } from './state/finance-state'
import { EMPTY_CONTACT } from './finance-contact'
import type { FinanceReservation } from './finance-reservation'
import { contactFromStore, financeFromStore, reservationFromStore, storeWithFinance, storeWithoutFinanceContact } from './finance-storage'

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

  describe('a reserved bike (ADR 011)', () => {
    const token = 'MTIuLm1hbmFnZS4xNzk5OTk5OTk5.c2lnbmF0dXJlLW9mLTQzLWNoYXJhY3RlcnMtYWJjZGVmZ2hpag'
    const figures = { reservationNumber: 'RS-0001', depositPaidPence: 9900, depositPence: 50000, depositToPayPence: 40100 }
    const reservation: FinanceReservation = { token, productId: 7, figures }
    const state = financeReducer(INITIAL_FINANCE_STATE, { type: 'productSet', product })

    it('round-trips the token and the server’s figures beside the finance state, leaving other slices alone', () => {
      const raw = JSON.stringify({ basket: { items: [] } })
      const written = storeWithFinance(raw, state, EMPTY_CONTACT, reservation)
      expect(reservationFromStore(written)).toEqual(reservation)
      expect(financeFromStore(written)).toEqual(state)
      expect(JSON.parse(written)).toMatchObject({ basket: { items: [] } })
      // Undefined keeps what is stored (a write that does not concern it), null removes it.
      expect(reservationFromStore(storeWithFinance(written, state))).toEqual(reservation)
      const removed = storeWithFinance(written, state, EMPTY_CONTACT, null)
      expect(reservationFromStore(removed)).toBeNull()
      expect(JSON.parse(removed)).not.toHaveProperty('financeReservation')
    })

    it('keeps a reservation without figures (none answered yet)', () => {
      expect(reservationFromStore(storeWithFinance(null, state, undefined, { token, productId: 7, figures: null }))).toEqual({ token, productId: 7, figures: null })
    })

    it('restores nothing from a token that is not shaped like one, or a missing or bad bike', () => {
      const stored = (value: unknown) => JSON.stringify({ financeReservation: value })
      expect(reservationFromStore(null)).toBeNull()
      expect(reservationFromStore('{not json')).toBeNull()
      // A signed link is two base64url parts (older links) or three (a JWT), at most 2,048 characters.
      for (const bad of ['', 'no-dot', 'a.b.c.d', '<script>.x', `${'a'.repeat(2048)}.b`, 42, null]) {
        expect(reservationFromStore(stored({ token: bad, productId: 7, figures }))).toBeNull()
      }
      for (const productId of [0, -1, 1.5, '7', undefined]) {
        expect(reservationFromStore(stored({ token, productId, figures }))).toBeNull()
      }
    })

    it('drops figures that were not the server’s (negative, fractional or not adding up) but keeps the token', () => {
      const stored = (f: unknown) => JSON.stringify({ financeReservation: { token, productId: 7, figures: f } })
      for (const bad of [
        { ...figures, depositToPayPence: 0 },
        { ...figures, depositPaidPence: -9900, depositToPayPence: 59900 },
        { ...figures, depositPence: 500.5, depositToPayPence: 400.5 },
        { depositPaidPence: 9900 },
        'lots',
      ]) {
        expect(reservationFromStore(stored(bad))).toEqual({ token, productId: 7, figures: null })
      }
    })
  })
})
