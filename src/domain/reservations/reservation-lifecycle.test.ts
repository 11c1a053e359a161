import { describe, expect, it } from 'vitest'
import { stockStateAfter } from '../lifecycle'
import { owesDepositBack, RESERVATION_ENDINGS, RESERVATION_LIFECYCLE, RESERVATION_NOTES } from './reservation-lifecycle'
import { RESERVATION_PAYMENT_MINUTES, type ReservationStatus } from './reservation-rules'

const ALL: ReservationStatus[] = ['awaiting_payment', 'active', 'converted', 'cancelled', 'expired', 'released']

describe('RESERVATION_LIFECYCLE: the changes the shop makes to a reservation itself', () => {
  it('only an unpaid reservation is paid, fails or runs out of time to pay; only an active one is refunded outside the shop', () => {
    for (const change of [RESERVATION_LIFECYCLE.depositPaid, RESERVATION_LIFECYCLE.depositFailed, RESERVATION_LIFECYCLE.cancelledUnpaid, RESERVATION_LIFECYCLE.paymentExpired]) expect(change.from).toEqual(['awaiting_payment'])
    expect(RESERVATION_LIFECYCLE.refundReported.from).toEqual(['active'])
    expect(RESERVATION_LIFECYCLE.orderReturned).toMatchObject({ from: ['converted'], to: 'active' })
  })

  it('a paid deposit keeps the bike held; every ending without a sale puts it back', () => {
    expect(stockStateAfter(RESERVATION_LIFECYCLE.depositPaid)).toBeUndefined()
    for (const change of [RESERVATION_LIFECYCLE.depositFailed, RESERVATION_LIFECYCLE.refundReported, RESERVATION_LIFECYCLE.cancelledUnpaid, RESERVATION_LIFECYCLE.paymentExpired, ...Object.values(RESERVATION_ENDINGS)]) {
      expect(stockStateAfter(change)).toBe('released')
    }
  })

  it('endings start from an active reservation and are exactly the statuses that owe a paid deposit back', () => {
    for (const [to, change] of Object.entries(RESERVATION_ENDINGS)) expect(change).toMatchObject({ from: ['active'], to })
    expect(ALL.filter(owesDepositBack).sort()).toEqual(['cancelled', 'expired', 'released'])
  })

  it('writes its notes from the facts of the change and the payment window constant', () => {
    expect(RESERVATION_LIFECYCLE.depositPaid.note({ amountPence: 9900, provider: 'test-gateway', reference: 'pi_1', until: '2026-12-01T10:00:00.000Z' })).toBe('Deposit of 9900p paid (test-gateway pi_1); bike held until 2026-12-01T10:00:00.000Z.')
    expect(RESERVATION_LIFECYCLE.paymentExpired.note()).toContain(`within ${RESERVATION_PAYMENT_MINUTES} minutes`)
    expect(RESERVATION_NOTES.depositPaymentExpired).toBe(`Deposit not paid within ${RESERVATION_PAYMENT_MINUTES} minutes.`)
    expect(RESERVATION_NOTES.ended('Cancelled by the customer; deposit to be refunded.')).toBe('Cancelled by the customer; deposit to be refunded. Bike back on sale.')
    expect(RESERVATION_NOTES.whyOrderReturned('finance')).toBe('did not go ahead')
    expect(RESERVATION_NOTES.whyOrderReturned('showroom')).toBe('was cancelled')
    expect(RESERVATION_NOTES.whyOrderReturned('card')).toBe('was not paid')
  })
})
