import { describe, expect, it } from 'vitest'
import { FINAL_RETURN_STATES, mayRefundBeforeReceipt, nextReturnState, RETURN_STATES, RETURN_TRANSITIONS, returnTransitionsFrom } from './return-lifecycle'

describe('the return lifecycle table', () => {
  it('opens a return as requested, by the customer', () => {
    expect(nextReturnState(null, 'request')).toBe('requested')
    expect(RETURN_TRANSITIONS.request.actor).toBe('customer')
    expect(nextReturnState(null, 'refund')).toBeNull()
  })

  it('staff receive, refund or reject; each change names its actor and writes a note', () => {
    expect(nextReturnState('requested', 'receive')).toBe('received')
    expect(nextReturnState('received', 'refund')).toBe('refunded')
    expect(nextReturnState('requested', 'refund')).toBe('refunded')
    expect(nextReturnState('received', 'reject')).toBe('rejected')
    for (const name of ['receive', 'refund', 'reject'] as const) expect(RETURN_TRANSITIONS[name].actor).toBe('staff')
    expect(RETURN_TRANSITIONS.reject.note({ reason: 'Returned after 14 days.' })).toBe('Return rejected: Returned after 14 days.')
    expect(RETURN_TRANSITIONS.refund.note({ amount: '£89.99', deduction: '£10 for a scuffed visor' })).toBe('Refunded £89.99 after a deduction: £10 for a scuffed visor.')
  })

  it('never leaves a final state, and never receives twice', () => {
    for (const state of FINAL_RETURN_STATES) {
      expect(returnTransitionsFrom(state)).toEqual([])
      for (const name of Object.keys(RETURN_TRANSITIONS) as (keyof typeof RETURN_TRANSITIONS)[]) expect(nextReturnState(state, name)).toBeNull()
    }
    expect(nextReturnState('received', 'receive')).toBeNull()
    expect(returnTransitionsFrom('requested')).toEqual(['receive', 'refund', 'reject'])
    expect(returnTransitionsFrom('received')).toEqual(['refund', 'reject'])
  })

  it('every state is reachable from a request and every transition ends in a declared state', () => {
    const reached = new Set(['requested'])
    for (const t of Object.values(RETURN_TRANSITIONS)) {
      expect(RETURN_STATES).toContain(t.to)
      reached.add(t.to)
    }
    expect([...reached].sort()).toEqual([...RETURN_STATES].sort())
  })

  it('refunds before the goods are back only when they never left or the customer proved they were sent', () => {
    expect(mayRefundBeforeReceipt({ goodsDelivered: false, proofOfReturnGiven: false })).toBe(true)
    expect(mayRefundBeforeReceipt({ goodsDelivered: true, proofOfReturnGiven: true })).toBe(true)
    expect(mayRefundBeforeReceipt({ goodsDelivered: true, proofOfReturnGiven: false })).toBe(false)
  })
})
