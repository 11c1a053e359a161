// The held finance state keeps a reserved bike's token for that bike alone, and a reserved bike is financed on its own.
import { describe, expect, it } from 'vitest'
import { INITIAL_FINANCE_STATE } from '../state/finance-state'
import { EMPTY_CONTACT } from '../finance-contact'
import type { FinanceReservation } from '../finance-reservation'
import { heldReducer, type Held } from './use-finance-state'

const bike = { productId: 7, slug: 'used-bike', name: 'Used bike', pricePence: 449500 }
const lock = { productId: 30, slug: 'lock', name: 'Lock', pricePence: 9999 }
const reservation: FinanceReservation = { token: 'abc.def', productId: 7, figures: null }
const start: Held = { finance: INITIAL_FINANCE_STATE, contact: EMPTY_CONTACT, reservation: null, ready: true }

describe('held finance state with a reservation', () => {
  it('drops accessories when a reservation is taken: the bike is financed on its own online', () => {
    const withLock = heldReducer(heldReducer(start, { type: 'productSet', product: bike }), { type: 'accessoryAdded', product: lock })
    expect(Object.keys(withLock.finance.accessories)).toEqual(['30'])
    const reserved = heldReducer(withLock, { type: 'reservationSet', reservation })
    expect(reserved.reservation).toEqual(reservation)
    expect(reserved.finance.accessories).toEqual({})
    expect(reserved.finance.product).toEqual(bike)
  })

  it('keeps the reservation for the same bike, and leaves it behind for another bike or a fresh start', () => {
    const reserved = heldReducer(heldReducer(start, { type: 'productSet', product: bike }), { type: 'reservationSet', reservation })
    expect(heldReducer(reserved, { type: 'productSet', product: bike }).reservation).toEqual(reservation)
    expect(heldReducer(reserved, { type: 'termSet', termInMonths: 48 }).reservation).toEqual(reservation)
    expect(heldReducer(reserved, { type: 'productSet', product: { ...bike, productId: 8 } }).reservation).toBeNull()
    expect(heldReducer(reserved, { type: 'reset' }).reservation).toBeNull()
    expect(heldReducer(reserved, { type: 'reservationSet', reservation: null }).reservation).toBeNull()
  })

  it('returns the same object when nothing changed', () => {
    const reserved = heldReducer(start, { type: 'reservationSet', reservation })
    expect(heldReducer(reserved, { type: 'accessoryRemoved', productId: 99 })).toBe(reserved)
  })
})
