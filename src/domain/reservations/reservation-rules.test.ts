import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import {
  checkStaffChange,
  customerMayCancel,
  depositDeduction,
  financeDepositWithReservation,
  quoteIncludesReservationDeposit,
  formatUkDateTime,
  generateReservationNumber,
  holdEndsAt,
  holdHours,
  isReservableKind,
  isReservationNumber,
  paymentDueAt,
  reservationDeposit,
  reservationTerms,
} from './reservation-rules'

const bike = { kind: 'motorcycle' as const, pricePence: 649_900, stockQuantity: 1, enabled: true, settingsDepositPence: 9900 }

describe('reservation rules', () => {
  it('numbers look like RS-XXXXXX and are recognised', () => {
    const n = generateReservationNumber(randomBytes)
    expect(n).toMatch(/^RS-[346789ABCDEFGHJKMNPQRTWXY]{6}$/)
    expect(isReservationNumber(n)).toBe(true)
    expect(isReservationNumber('WH-ABCDEF')).toBe(false)
    expect(isReservationNumber('RS-ABC')).toBe(false)
  })

  it('offers only bikes, with a price, in stock', () => {
    expect(['motorcycle', 'scooter', 'bicycle', 'e-bike'].every((k) => isReservableKind(k as never))).toBe(true)
    expect(isReservableKind('riderwear')).toBe(false)
    expect(isReservableKind('accessory')).toBe(false)
    expect(reservationDeposit(bike)).toEqual({ ok: true, depositPence: 9900 })
    expect(reservationDeposit({ ...bike, kind: 'riderwear' })).toEqual({ ok: false, reason: 'not_a_bike' })
    expect(reservationDeposit({ ...bike, pricePence: null })).toEqual({ ok: false, reason: 'no_price' })
    expect(reservationDeposit({ ...bike, stockQuantity: 0 })).toEqual({ ok: false, reason: 'sold_out' })
    expect(reservationDeposit({ ...bike, enabled: false })).toEqual({ ok: false, reason: 'disabled' })
  })

  it('uses the product’s own deposit, where 0 means not offered, and never a deposit at or above the price', () => {
    expect(reservationDeposit({ ...bike, productDepositPence: 25_000 })).toEqual({ ok: true, depositPence: 25_000 })
    expect(reservationDeposit({ ...bike, productDepositPence: 0 })).toEqual({ ok: false, reason: 'not_offered' })
    expect(reservationDeposit({ ...bike, pricePence: 9900 })).toEqual({ ok: false, reason: 'not_offered' })
    expect(reservationDeposit({ ...bike, settingsDepositPence: null })).toEqual({ ok: true, depositPence: 9900 })
  })

  it('holds for the settings’ hours from payment, bounded to 1 hour … 14 days; 15 minutes to pay', () => {
    const t = new Date('2026-11-23T12:00:00Z')
    expect(holdEndsAt(t, 72).toISOString()).toBe('2026-11-26T12:00:00.000Z')
    expect(holdHours(0)).toBe(1)
    expect(holdHours(10_000)).toBe(336)
    expect(holdHours(null)).toBe(72)
    expect(paymentDueAt(t).toISOString()).toBe('2026-11-23T12:15:00.000Z')
  })

  it('customers cancel unpaid and active reservations only', () => {
    expect(customerMayCancel('awaiting_payment')).toBe(true)
    expect(customerMayCancel('active')).toBe(true)
    for (const s of ['converted', 'cancelled', 'expired', 'released'] as const) expect(customerMayCancel(s)).toBe(false)
  })

  it('staff convert or release (with a reason) active reservations only', () => {
    expect(checkStaffChange('active', 'converted', null)).toEqual({ ok: true })
    expect(checkStaffChange('active', 'released', 'Customer phoned')).toEqual({ ok: true })
    expect(checkStaffChange('active', 'released', ' ')).toMatchObject({ ok: false })
    expect(checkStaffChange('active', 'cancelled', 'x')).toMatchObject({ ok: false })
    expect(checkStaffChange('expired', 'converted', null)).toMatchObject({ ok: false })
    expect(checkStaffChange('awaiting_payment', 'active', null)).toMatchObject({ ok: false })
    expect(checkStaffChange('active', 'active', null)).toEqual({ ok: true })
  })

  it('deducts the deposit from an order, never below zero', () => {
    expect(depositDeduction(649_900, 9900)).toBe(9900)
    expect(depositDeduction(5000, 9900)).toBe(5000)
    expect(depositDeduction(5000, 0)).toBe(0)
  })

  it('a finance application for a reserved bike counts the reservation deposit as part of the deposit', () => {
    expect(financeDepositWithReservation(0, 9900)).toBe(9900)
    expect(financeDepositWithReservation(50_000, 9900)).toBe(50_000)
    expect(financeDepositWithReservation(-1, 9900)).toBe(9900)
    expect(financeDepositWithReservation(1.5, 0)).toBe(0)
    expect(quoteIncludesReservationDeposit(9900, 9900)).toBe(true)
    expect(quoteIncludesReservationDeposit(9899, 9900)).toBe(false)
  })

  it('shows times in UK time across the clock change', () => {
    expect(formatUkDateTime(new Date('2026-07-01T12:00:00Z'))).toBe('Wednesday 1 July 2026 at 13:00 (UK time)')
    expect(formatUkDateTime(new Date('2026-11-26T21:05:00Z'))).toBe('Thursday 26 November 2026 at 21:05 (UK time)')
  })

  it('says plainly what happens', () => {
    const t = reservationTerms('£99', 72)
    expect(t[0]).toContain('3 days')
    expect(t.join(' ')).toContain('refund')
    expect(reservationTerms('£99', 48)[0]).toContain('2 days')
    expect(reservationTerms('£99', 36)[0]).toContain('36 hours')
  })
})
