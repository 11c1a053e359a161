import { describe, expect, it } from 'vitest'
import { CARD_HOLD_MINUTES, cardPaymentRefusal, checkFinanceStatusChange, checkStaffStatusChange, LIFECYCLE, ORDER_NOTES, releasesStock, type OrderStatus } from './order-status'

const ALL: OrderStatus[] = ['awaiting_payment', 'paid', 'processing', 'ready_for_collection', 'dispatched', 'completed', 'cancelled', 'refunded']

describe('staff status changes on card orders', () => {
  it('follow the fulfilment path', () => {
    expect(checkStaffStatusChange('card', 'paid', 'processing').ok).toBe(true)
    expect(checkStaffStatusChange('card', 'processing', 'ready_for_collection').ok).toBe(true)
    expect(checkStaffStatusChange('card', 'processing', 'dispatched').ok).toBe(true)
    expect(checkStaffStatusChange('card', 'dispatched', 'completed').ok).toBe(true)
    expect(checkStaffStatusChange('card', 'completed', 'refunded').ok).toBe(true)
    expect(checkStaffStatusChange('card', 'awaiting_payment', 'cancelled').ok).toBe(true)
  })

  it('mark a showroom sale (a reservation converted in the shop) paid when the balance is taken in person, and nothing else', () => {
    expect(checkStaffStatusChange('card', 'awaiting_payment', 'paid', { soldInShowroom: true }).ok).toBe(true)
    expect(checkStaffStatusChange('card', 'cancelled', 'paid', { soldInShowroom: true }).ok).toBe(false)
    expect(checkStaffStatusChange('finance', 'awaiting_payment', 'paid', { soldInShowroom: true }).ok).toBe(false)
  })

  it('never mark an order paid by hand', () => {
    for (const from of ALL) {
      const result = checkStaffStatusChange('card', from, 'paid')
      if (from === 'paid') expect(result.ok).toBe(true)
      else expect(result).toMatchObject({ ok: false, message: expect.stringContaining('payment provider') })
    }
  })

  it('cancel a paid order only by refunding it', () => {
    expect(checkStaffStatusChange('card', 'paid', 'cancelled')).toMatchObject({ ok: false, message: expect.stringContaining('Refunded') })
  })

  it('treat cancelled and refunded as final', () => {
    for (const to of ALL.filter((s) => s !== 'cancelled')) expect(checkStaffStatusChange('card', 'cancelled', to).ok, to).toBe(false)
    for (const to of ALL.filter((s) => s !== 'refunded')) expect(checkStaffStatusChange('card', 'refunded', to).ok, to).toBe(false)
    expect(checkStaffStatusChange('card', 'refunded', 'processing')).toMatchObject({ ok: false, message: expect.stringContaining('final') })
  })

  it('refuse skipping payment', () => {
    expect(checkStaffStatusChange('card', 'awaiting_payment', 'dispatched').ok).toBe(false)
    expect(checkStaffStatusChange('card', 'awaiting_payment', 'refunded').ok).toBe(false)
  })
})

describe('finance orders', () => {
  it('can be cancelled but not refunded by card', () => {
    expect(checkStaffStatusChange('finance', 'processing', 'cancelled').ok).toBe(true)
    expect(checkStaffStatusChange('finance', 'processing', 'refunded')).toMatchObject({ ok: false, message: expect.stringContaining('lender') })
  })

  it('application statuses move forward only', () => {
    expect(checkFinanceStatusChange('submitted', 'approved').ok).toBe(true)
    expect(checkFinanceStatusChange('submitted', 'declined').ok).toBe(true)
    expect(checkFinanceStatusChange('approved', 'completed').ok).toBe(true)
    expect(checkFinanceStatusChange('declined', 'approved').ok).toBe(false)
    expect(checkFinanceStatusChange('completed', 'submitted').ok).toBe(false)
    expect(checkFinanceStatusChange(null, 'submitted').ok).toBe(true)
    expect(checkFinanceStatusChange(null, 'approved').ok).toBe(false)
    expect(checkFinanceStatusChange('approved', null).ok).toBe(false)
  })
})

describe('stock release', () => {
  it('happens on cancel, refund, and declined or cancelled finance', () => {
    expect(releasesStock('cancelled')).toBe(true)
    expect(releasesStock('refunded')).toBe(true)
    expect(releasesStock('processing', 'declined')).toBe(true)
    expect(releasesStock('processing', 'cancelled')).toBe(true)
    for (const s of ['awaiting_payment', 'paid', 'processing', 'ready_for_collection', 'dispatched', 'completed'] as const) expect(releasesStock(s, 'approved')).toBe(false)
  })
})

describe('LIFECYCLE: the changes the shop makes itself', () => {
  it('refunds reported by the provider start from exactly the states staff may refund from', () => {
    expect([...LIFECYCLE.refundReported.from].sort()).toEqual(['completed', 'dispatched', 'paid', 'processing', 'ready_for_collection'])
    for (const from of LIFECYCLE.refundReported.from) expect(checkStaffStatusChange('card', from, 'refunded')).toEqual({ ok: true })
  })

  it('never lets staff make a payment change by hand, and every automatic change ends somewhere staff could not undo it wrongly', () => {
    expect(checkStaffStatusChange('card', LIFECYCLE.paymentTaken.from[0], LIFECYCLE.paymentTaken.to).ok).toBe(false)
    expect(checkStaffStatusChange('card', LIFECYCLE.latePaymentTaken.from[0], LIFECYCLE.latePaymentTaken.to).ok).toBe(false)
    // Cancelled and refunded orders put their stock back; a paid one keeps it.
    expect(releasesStock(LIFECYCLE.paymentFailed.to)).toBe(true)
    expect(releasesStock(LIFECYCLE.holdExpired.to)).toBe(true)
    expect(releasesStock(LIFECYCLE.refundReported.to)).toBe(true)
    expect(releasesStock(LIFECYCLE.paymentTaken.to)).toBe(false)
  })
})

describe('LIFECYCLE as data: stock and notes of each change', () => {
  it('a payment sells the held units; failures, expiries and refunds put them back; a late payment takes them again itself', () => {
    expect(LIFECYCLE.paymentTaken.stock).toBe('sell')
    expect(LIFECYCLE.paymentFailed.stock).toEqual(['held'])
    expect(LIFECYCLE.holdExpired.stock).toEqual(['held'])
    expect(LIFECYCLE.financeHoldExpired.stock).toEqual(['held'])
    expect(LIFECYCLE.refundReported.stock).toEqual(['held', 'sold'])
    expect('stock' in LIFECYCLE.latePaymentTaken).toBe(false)
    // Withdrawn units are already gone from the ledger; only the order's other held units go back.
    expect(LIFECYCLE.stockWithdrawn).toMatchObject({ from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'stock feed' })
    expect(releasesStock(LIFECYCLE.stockWithdrawn.to)).toBe(true)
  })

  it('never sends an order of £0 to the card provider', () => {
    expect(cardPaymentRefusal(1)).toBeNull()
    expect(cardPaymentRefusal(0)).toMatch(/nothing to pay by card/)
    expect(cardPaymentRefusal(-5)).toMatch(/nothing to pay by card/)
    expect(cardPaymentRefusal(Number.NaN)).toMatch(/nothing to pay by card/)
  })

  it('writes its notes from the payment and the card hold constant', () => {
    expect(LIFECYCLE.paymentTaken.note({ amountPence: 1200, provider: 'stripe', reference: 'pi_9' })).toBe('Paid 1200p by card (stripe pi_9).')
    expect(LIFECYCLE.paymentFailed.note('Declined.')).toBe('Payment failed: Declined. Stock released.')
    expect(LIFECYCLE.holdExpired.note()).toBe(`hold expired: not paid within ${CARD_HOLD_MINUTES} minutes; the provider confirmed no payment, open payments cancelled, stock released`)
    expect(ORDER_NOTES.holdExpiredPayment).toBe(`Not paid within ${CARD_HOLD_MINUTES} minutes: the stock hold expired.`)
    expect(ORDER_NOTES.unwantedPayment('£12.00 (stripe pi_2)', 'the order is cancelled', { id: 're_1' })).toBe('A further payment of £12.00 (stripe pi_2) arrived but the order is cancelled: refunded automatically (re_1).')
    expect(ORDER_NOTES.unwantedPayment('£12.00 (stripe pi_2)', 'the order is cancelled', { error: 'card closed' })).toBe('A further payment of £12.00 (stripe pi_2) arrived but the order is cancelled, and the automatic refund FAILED: refund it by hand. card closed')
    expect(ORDER_NOTES.handedBack('Payment failed: Declined.', true)).toBe('Payment failed: Declined.. The bike is held for its reservation again.')
  })
})
