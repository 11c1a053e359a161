import { describe, expect, it } from 'vitest'
import { decidePaymentNotice, NOTICE_RULES, type NoticeFacts } from './notice-decision'

const order: NoticeFacts = { event: 'succeeded', record: 'order', paidByCard: true, status: 'awaiting_payment', expectedPence: 5000, paidAt: false, reference: 'pay_1', notice: { reference: 'pay_1', amountPence: 5000 } }
const reservation: NoticeFacts = { ...order, record: 'reservation', expectedPence: 9900, notice: { reference: 'pay_1', amountPence: 9900 } }

/** One case per rule: facts for which that rule, and no earlier one, decides. */
const CASES: Record<string, { facts: NoticeFacts; action: string; outcome?: string }> = {
  'order not paid by card': { facts: { ...order, paidByCard: false, status: 'processing' }, action: 'ignore', outcome: 'not a card order' },
  'order amount differs': { facts: { ...order, notice: { reference: 'pay_1', amountPence: 4999 } }, action: 'amount-mismatch' },
  'certificate order balance already paid': { facts: { ...order, certificate: 'submitted', paidAt: true }, action: 'ignore', outcome: 'this card balance is already on the order; it waits for its certificate' },
  'certificate order balance paid twice': { facts: { ...order, certificate: 'submitted', paidAt: true, reference: 'pay_0' }, action: 'refund-unwanted' },
  'certificate order balance paid': { facts: { ...order, certificate: 'submitted' }, action: 'take-balance' },
  'late balance of a certificate order': { facts: { ...order, certificate: 'lapsed', status: 'cancelled' }, action: 'refund-late' },
  'order awaiting payment is paid': { facts: order, action: 'take' },
  'order lost units while paying': { facts: { ...order, claimLost: true, unitsWithdrawn: true }, action: 'end-withdrawn' },
  'late payment, stock gone': { facts: { ...order, status: 'cancelled', claimLost: true, lateTake: 'short' }, action: 'refund-late' },
  'late payment': { facts: { ...order, status: 'cancelled' }, action: 'take-late' },
  'order payment already applied': { facts: { ...order, status: 'paid', paidAt: true }, action: 'ignore', outcome: 'order is paid; this payment is already on it' },
  'unwanted payment': { facts: { ...order, status: 'paid', paidAt: true, reference: 'pay_0' }, action: 'refund-unwanted' },
  'order payment, nothing to change': { facts: { ...order, claimLost: true }, action: 'ignore', outcome: 'order is awaiting_payment; nothing to change' },
  'order failure after another payment': { facts: { ...order, event: 'failed', status: 'paid', paidAt: true }, action: 'ignore', outcome: 'order is paid; a failure changes nothing now' },
  'order payment failed': { facts: { ...order, event: 'failed' }, action: 'fail' },
  'order already refunded': { facts: { ...order, event: 'refunded', status: 'refunded', paidAt: true }, action: 'ignore', outcome: 'already refunded' },
  'refund of a payment the order did not keep': { facts: { ...order, event: 'refunded', status: 'paid', paidAt: true, reference: 'pay_0' }, action: 'ignore', outcome: 'refund of a payment this order did not keep' },
  'order refunded': { facts: { ...order, event: 'refunded', status: 'paid', paidAt: true }, action: 'record-refund' },
  'deposit amount differs': { facts: { ...reservation, notice: { reference: 'pay_1', amountPence: 100 } }, action: 'amount-mismatch' },
  'deposit paid': { facts: reservation, action: 'take' },
  'late deposit': { facts: { ...reservation, status: 'expired', claimLost: true }, action: 'refund-late' },
  'deposit, nothing to change': { facts: { ...reservation, status: 'active', paidAt: true, claimLost: true }, action: 'ignore', outcome: 'reservation is active; nothing to change' },
  'deposit failed': { facts: { ...reservation, event: 'failed' }, action: 'fail' },
  'deposit refunded': { facts: { ...reservation, event: 'refunded', status: 'active', paidAt: true }, action: 'record-refund' },
}

describe('what a payment notice means for its record', () => {
  it('has one case here for every rule of the table', () => {
    expect(Object.keys(CASES).sort()).toEqual(NOTICE_RULES.map((r) => r.name).sort())
  })

  for (const rule of NOTICE_RULES) {
    it(`${rule.record} ${rule.event}: ${rule.name} → ${rule.action}`, () => {
      const { facts, action, outcome } = CASES[rule.name]!
      const decided = decidePaymentNotice(facts)
      expect(decided.rule).toBe(rule.name)
      expect(decided.action).toBe(action)
      if (outcome !== undefined) expect(decided).toMatchObject({ outcome })
    })
  }

  it('decides every record and event, whatever the facts', () => {
    for (const record of ['order', 'reservation'] as const) {
      for (const event of ['succeeded', 'failed', 'refunded'] as const) {
        for (const status of ['awaiting_payment', 'paid', 'cancelled', 'refunded', 'active', 'expired']) {
          expect(() => decidePaymentNotice({ ...order, record, event, status })).not.toThrow()
        }
      }
    }
  })

  it('takes a late payment again only until the stock was found short or the order changed', () => {
    const late = { ...order, status: 'cancelled', claimLost: true }
    expect(decidePaymentNotice(late).action).toBe('take-late')
    expect(decidePaymentNotice({ ...late, lateTake: 'short' }).action).toBe('refund-late')
    // The order changed under the late take: the money is not kept (it is ended, so it is refunded).
    expect(decidePaymentNotice({ ...late, lateTake: 'owner_changed' }).action).toBe('refund-unwanted')
  })
})
