import { describe, expect, it } from 'vitest'
import { answerDueBy, canMoveDataRequest } from './data-request-lifecycle'
import { openBusiness } from './open-business'

describe('what stops an erasure now', () => {
  it('an order being fulfilled, a finance application under way, a booking not yet finished', () => {
    expect(
      openBusiness({
        orders: [
          { orderNumber: 'WH-1', status: 'dispatched' },
          { orderNumber: 'WH-2', status: 'completed' },
          { orderNumber: 'WH-3', status: 'awaiting_payment', kind: 'card' },
          { orderNumber: 'WH-4', status: 'awaiting_payment', kind: 'finance', financeStatus: 'submitted' },
        ],
        bookings: [{ reference: 'B-1', status: 'booked' }, { reference: 'B-2', status: 'collected' }],
      }),
    ).toEqual(['Order WH-1 is still being fulfilled.', 'Order WH-4 has a finance application in progress.', 'Booking B-1 has not finished yet.'])
  })
})

describe('a data request', () => {
  it('ends once, and a request is due a month after it was received', () => {
    expect(canMoveDataRequest('received', 'running')).toBe(true)
    expect(canMoveDataRequest('completed', 'running')).toBe(false)
    expect(answerDueBy(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-03-03T10:00:00.000Z')
  })
})
