import { describe, expect, it } from 'vitest'
import { checkStaffMove, DEAL_STAGE_VALUES, DEAL_STAGES, DEAL_TRANSITIONS, dealKey, dealStageOptions, hubOrder, isOverdue, staffMovesFrom, stepTransition, type DealStage, type DealTransitionName } from './deal-stages'

describe('deal stages', () => {
  it('declares every stage with a label and a next step for the customer, in the hub’s order', () => {
    expect(DEAL_STAGE_VALUES).toEqual(['new', 'contacted', 'test_ride', 'finance_submitted', 'approved', 'ready_for_handover', 'handed_over', 'lost'])
    for (const s of DEAL_STAGE_VALUES) expect(DEAL_STAGES[s].label.length * DEAL_STAGES[s].next.length).toBeGreaterThan(0)
    expect(dealStageOptions()[5]).toEqual({ label: 'Ready for handover', value: 'ready_for_handover' })
  })

  it('only “ready for handover” emails the customer when staff move a deal into it', () => {
    expect(DEAL_STAGE_VALUES.filter((s) => DEAL_STAGES[s].tellsCustomer)).toEqual(['ready_for_handover'])
  })

  // One case per declared transition: from each of its stages it lands where it says; from any other it is refused.
  const cases: [DealTransitionName, DealStage, DealStage][] = [
    ['contact', 'new', 'contacted'],
    ['bookTestRide', 'contacted', 'test_ride'],
    ['submitFinance', 'test_ride', 'finance_submitted'],
    ['approve', 'finance_submitted', 'approved'],
    ['declineFinance', 'finance_submitted', 'contacted'],
    ['prepare', 'approved', 'ready_for_handover'],
    ['handOver', 'ready_for_handover', 'handed_over'],
    ['lose', 'test_ride', 'lost'],
    ['advanceToTestRide', 'contacted', 'test_ride'],
    ['advanceToFinance', 'test_ride', 'finance_submitted'],
    ['advanceToApproved', 'finance_submitted', 'approved'],
    ['reopen', 'lost', 'new'],
  ]
  it('has a case here for every declared transition', () => {
    expect(cases.map(([name]) => name).sort()).toEqual(Object.keys(DEAL_TRANSITIONS).sort())
  })
  it.each(cases)('%s: %s → %s', (name, from, to) => {
    const t = DEAL_TRANSITIONS[name]
    expect(t.to).toBe(to)
    expect((t.from as readonly DealStage[]).includes(from)).toBe(true)
    if (t.by === 'staff') {
      expect(checkStaffMove(from, to, { lostReason: 'Bought elsewhere' })).toEqual({ ok: true, transition: name })
      for (const other of DEAL_STAGE_VALUES.filter((s) => !(t.from as readonly DealStage[]).includes(s) && s !== to)) {
        const found = checkStaffMove(other, to, { lostReason: 'x' })
        const viaAnother = Object.values(DEAL_TRANSITIONS).some((u) => u.by === 'staff' && u.to === to && (u.from as readonly DealStage[]).includes(other))
        expect(found.ok).toBe(viaAnother)
      }
    }
  })

  it('refuses a lost deal without a reason, a move to the same stage, and an undeclared move, saying what is allowed', () => {
    expect(checkStaffMove('contacted', 'lost', { lostReason: '  ' })).toEqual({ ok: false, message: 'Say why the deal was lost.' })
    expect(checkStaffMove('contacted', 'contacted', {})).toMatchObject({ ok: false })
    const refused = checkStaffMove('new', 'handed_over', {})
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.message).toContain('It can move to “Contacted”')
    expect(staffMovesFrom('handed_over')).toEqual([])
    expect(staffMovesFrom('lost')).toEqual(['contacted'])
  })

  it('moves a deal forward on a customer’s step, never back, and reopens a lost one', () => {
    expect(stepTransition('new', 'test_ride')).toBe('advanceToTestRide')
    expect(stepTransition('approved', 'test_ride')).toBeNull()
    expect(stepTransition('test_ride', 'finance_application')).toBe('advanceToFinance')
    expect(stepTransition('ready_for_handover', 'finance_application')).toBeNull()
    expect(stepTransition('finance_submitted', 'finance_approved')).toBe('advanceToApproved')
    expect(stepTransition('new', 'reservation')).toBeNull()
    expect(stepTransition('lost', 'reservation')).toBe('reopen')
    expect(stepTransition('lost', 'test_ride')).toBe('advanceToTestRide')
    expect(stepTransition('handed_over', 'enquiry')).toBeNull()
  })

  it('keys a deal by the customer’s email, whatever its case, and the bike', () => {
    expect(dealKey(' Ann@Example.COM ', 12)).toBe('ann@example.com|12')
  })

  it('marks a deal waiting past its next action, and lists those first', () => {
    const now = new Date('2026-11-30T12:00:00Z')
    const late = { id: 1, stage: 'contacted' as const, nextActionDue: '2026-11-29T09:00:00Z', createdAt: '2026-11-01T00:00:00Z' }
    const later = { id: 2, stage: 'new' as const, nextActionDue: '2026-11-30T09:00:00Z', createdAt: '2026-11-02T00:00:00Z' }
    const soon = { id: 3, stage: 'new' as const, nextActionDue: '2026-12-01T09:00:00Z', createdAt: '2026-11-03T00:00:00Z' }
    const none = { id: 4, stage: 'new' as const, nextActionDue: null, createdAt: '2026-11-04T00:00:00Z' }
    const closed = { id: 5, stage: 'lost' as const, nextActionDue: '2026-11-01T09:00:00Z', createdAt: '2026-11-05T00:00:00Z' }
    expect(isOverdue(late, now)).toBe(true)
    expect(isOverdue(closed, now)).toBe(false)
    expect(isOverdue(soon, now)).toBe(false)
    expect(hubOrder([none, soon, closed, later, late], now).map((d) => d.id)).toEqual([1, 2, 5, 3, 4])
  })
})
