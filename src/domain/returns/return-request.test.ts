import { describe, expect, it } from 'vitest'
import { paidPerLine, planCancellation, type OrderFacts } from './return-request'
import { CANCELLATION_BY_KIND, lineCancellation } from './cancellable-kinds'

const lines: OrderFacts['lines'] = [
  { lineId: 'a', name: 'Jacket', count: 1, paidPence: 12000, productKind: 'riderwear' },
  { lineId: 'b', name: 'Lock', count: 2, paidPence: 5000, returnedCount: 1, productKind: 'accessory' },
]
const order = (status: string, deliveredOn: string | null = null): OrderFacts => ({ status, kind: 'card', deliveredOn, lines })

describe('what a cancellation becomes', () => {
  it('before the goods leave: cancelled at once', () => {
    for (const status of ['paid', 'processing', 'ready_for_collection']) expect(planCancellation(order(status), [{ lineId: 'a', count: 1 }], '2026-03-03')).toEqual({ ok: true, mode: 'cancel-now', lastDay: null })
  })

  it('dispatched or delivered, within 14 days: a return, with the last day', () => {
    expect(planCancellation(order('dispatched'), [{ lineId: 'a', count: 1 }], '2026-03-03')).toMatchObject({ ok: true, mode: 'return' })
    expect(planCancellation(order('completed', '2026-03-02'), [{ lineId: 'a', count: 1 }], '2026-03-16')).toEqual({ ok: true, mode: 'return', lastDay: '2026-03-16' })
    expect(planCancellation(order('completed', '2026-03-02'), [{ lineId: 'a', count: 1 }], '2026-03-17')).toMatchObject({ ok: false, problem: expect.stringContaining('ended on 2026-03-16') })
  })

  it('refuses what is not there, already cancelled, too many, or an order that cannot be cancelled', () => {
    expect(planCancellation(order('paid'), [], '2026-03-03')).toMatchObject({ ok: false })
    expect(planCancellation(order('paid'), [{ lineId: 'zz', count: 1 }], '2026-03-03')).toMatchObject({ ok: false, problem: expect.stringContaining('not on this order') })
    expect(planCancellation(order('paid'), [{ lineId: 'b', count: 2 }], '2026-03-03')).toMatchObject({ ok: false, problem: 'Choose from 1 to 1 of Lock.' })
    expect(planCancellation(order('paid'), [{ lineId: 'a', count: 0.5 }], '2026-03-03')).toMatchObject({ ok: false })
    expect(planCancellation(order('refunded'), [{ lineId: 'a', count: 1 }], '2026-03-03')).toMatchObject({ ok: false, problem: expect.stringContaining('already cancelled') })
    expect(planCancellation(order('awaiting_payment'), [{ lineId: 'a', count: 1 }], '2026-03-03')).toMatchObject({ ok: false, problem: expect.stringContaining('not been paid') })
  })

  it('refuses a line whose kind may not be cancelled, saying why', () => {
    const custom: OrderFacts = { ...order('paid'), lines: [{ lineId: 'c', name: 'Custom seat', count: 1, paidPence: 30000, productKind: 'made-to-order' as never }] }
    expect(planCancellation(custom, [{ lineId: 'c', count: 1 }], '2026-03-03')).toEqual({ ok: false, problem: `Custom seat: ${CANCELLATION_BY_KIND['made-to-order'].explanation}` })
  })
})

describe('the cancellation rule of each kind', () => {
  it('every kind the shop sells may be cancelled; a workshop job done and made-to-order goods may not', () => {
    for (const kind of ['motorcycle', 'scooter', 'bicycle', 'e-bike', 'riderwear', 'accessory'] as const) expect(lineCancellation(kind, { dispatched: true }).cancellable).toBe(true)
    expect(lineCancellation('workshop-service', { dispatched: false })).toMatchObject({ cancellable: false, explanation: expect.stringContaining('already carried out') })
    expect(lineCancellation('made-to-order', { dispatched: false })).toMatchObject({ cancellable: false, explanation: expect.stringContaining('Made to your order') })
  })
})

describe('what each line cost after the discount', () => {
  it('shares the discount in proportion, the last line taking the remainder, so the shares sum exactly', () => {
    const paid = paidPerLine([{ lineTotalPence: 12000 }, { lineTotalPence: 8000 }, { lineTotalPence: 5000 }], 1001)
    expect(paid.reduce((a, b) => a + b, 0)).toBe(25000 - 1001)
    expect(paid).toEqual([12000 - 480, 8000 - 320, 5000 - 201])
    expect(paidPerLine([{ lineTotalPence: 100 }], 0)).toEqual([100])
  })
})
