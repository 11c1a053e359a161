import { describe, expect, it } from 'vitest'
import { ORDER_STATES, ORDER_STATUS_VALUES, type OrderKind } from './order-status'
import { partRefundRefusal, refundRoom, staffSteps } from './order-staff-steps'

const targets = (kind: OrderKind, status: Parameters<typeof staffSteps>[1], soldInShowroom = false) => staffSteps(kind, status, { soldInShowroom }).map((s) => s.to)

describe('the order page’s buttons', () => {
  it('are exactly the state table’s staff moves, for every state and kind', () => {
    for (const kind of ['card', 'finance'] as const) for (const status of ORDER_STATUS_VALUES) expect(targets(kind, status), `${kind} ${status}`).toEqual([...ORDER_STATES[status].staff[kind]])
  })

  it('read as plain actions; a refund or a cancellation asks first', () => {
    expect(staffSteps('card', 'processing').map((s) => s.label)).toEqual(['Mark ready for collection', 'Mark dispatched', 'Refund in full'])
    expect(staffSteps('card', 'dispatched').find((s) => s.to === 'completed')).toEqual({ to: 'completed', label: 'Mark completed', confirm: null })
    expect(staffSteps('card', 'paid').find((s) => s.to === 'refunded')?.confirm).toMatch(/card/)
    expect(staffSteps('finance', 'paid').find((s) => s.to === 'cancelled')).toMatchObject({ label: 'Cancel order', confirm: expect.stringMatching(/Cancel/) })
  })

  it('offer marking paid only for a showroom sale awaiting its balance', () => {
    expect(targets('card', 'awaiting_payment', true)).toEqual(['paid', 'cancelled'])
    expect(targets('card', 'awaiting_payment')).toEqual(['cancelled'])
    expect(targets('finance', 'awaiting_payment', true)).not.toContain('paid')
    expect(targets('card', 'paid', true)).not.toContain('paid')
  })

  it('offer nothing on a final or ended order', () => {
    expect(staffSteps('card', 'refunded')).toEqual([])
    expect(staffSteps('card', 'cancelled')).toEqual([])
  })
})

describe('refunding part of an order', () => {
  it('leaves what was paid less every refund made or on its way', () => {
    expect(refundRoom({ totalPence: 5000, orderRefundedPence: 0, succeededPence: 0, pendingPence: 0 })).toEqual({ capPence: 5000, leftPence: 5000 })
    expect(refundRoom({ totalPence: 5000, orderRefundedPence: 1000, succeededPence: 1000, pendingPence: 500 })).toEqual({ capPence: 5000, leftPence: 3500 })
  })

  it('counts a refund made without a record (the provider’s dashboard) against the cap', () => {
    expect(refundRoom({ totalPence: 5000, orderRefundedPence: 3000, succeededPence: 1000, pendingPence: 0 })).toEqual({ capPence: 3000, leftPence: 2000 })
    expect(refundRoom({ totalPence: 5000, orderRefundedPence: 5000, succeededPence: 0, pendingPence: 0 }).leftPence).toBe(0)
  })

  it('is refused for finance orders, orders not paid by card, nothing left, or more than is left', () => {
    expect(partRefundRefusal('finance', 'paid', 5000)).toMatch(/lender/)
    expect(partRefundRefusal('card', 'awaiting_payment', 5000)).toMatch(/Awaiting payment/)
    expect(partRefundRefusal('card', 'refunded', 0)).toMatch(/Refunded/)
    expect(partRefundRefusal('card', 'completed', 0)).toMatch(/already been refunded/)
    expect(partRefundRefusal('card', 'dispatched', 999, 1000)).toBe('£10 is more than is left to refund on this order (£9.99).')
    expect(partRefundRefusal('card', 'paid', 1000, 1000)).toBeNull()
  })
})
