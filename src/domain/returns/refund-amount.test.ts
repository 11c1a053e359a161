import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { refundAmount, type PaidLine } from './refund-amount'

const lines: PaidLine[] = [
  { lineId: 'helmet', count: 1, paidPence: 53_999 },
  { lineId: 'gloves', count: 2, paidPence: 9_999 },
]
const base = { lines, standardDeliveryPence: 495, paidPence: 53_999 + 9_999 + 495, alreadyRefundedPence: 0 }

describe('refundAmount', () => {
  it('refunds the chosen lines as paid, without delivery when only part of the order is cancelled', () => {
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }] })).toEqual({ ok: true, linesPence: 53_999, deliveryPence: 0, deductionPence: 0, deductionReason: null, refundPence: 53_999, capped: false })
  })

  it('adds the standard delivery charge when the whole order is cancelled', () => {
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }, { lineId: 'gloves', count: 2 }] })).toMatchObject({ linesPence: 63_998, deliveryPence: 495, refundPence: 64_493 })
  })

  it('counts units returned earlier towards the whole order, and their share of an odd line', () => {
    const earlier = [{ ...lines[0]! }, { ...lines[1]!, returnedCount: 1 }]
    const first = refundAmount({ ...base, chosen: [{ lineId: 'gloves', count: 1 }] })
    const second = refundAmount({ ...base, lines: earlier, chosen: [{ lineId: 'helmet', count: 1 }, { lineId: 'gloves', count: 1 }], alreadyRefundedPence: 4_999 })
    expect(first).toMatchObject({ linesPence: 4_999, deliveryPence: 0 })
    expect(second).toMatchObject({ linesPence: 53_999 + 5_000, deliveryPence: 495, refundPence: 53_999 + 5_000 + 495 })
  })

  it('takes off a diminished-value deduction, which must give its reason', () => {
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }], deduction: { pence: 10_000, reason: ' Visor scratched and lining worn ' } })).toMatchObject({ deductionPence: 10_000, deductionReason: 'Visor scratched and lining worn', refundPence: 43_999 })
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }], deduction: { pence: 10_000, reason: '  ' } })).toEqual({ ok: false, problem: 'A deduction is whole pence and says why the goods lost value.' })
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }], deduction: { pence: 999_999, reason: 'Crashed' } })).toMatchObject({ deductionPence: 53_999, refundPence: 0 })
  })

  it('never refunds more than was paid less what has already gone back', () => {
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }], alreadyRefundedPence: 20_000 })).toMatchObject({ refundPence: base.paidPence - 20_000, capped: true })
    expect(refundAmount({ ...base, chosen: [{ lineId: 'helmet', count: 1 }], alreadyRefundedPence: base.paidPence + 1 })).toMatchObject({ refundPence: 0, capped: true })
  })

  it('refuses an unknown line, a count beyond what is left, a line chosen twice or nothing chosen', () => {
    expect(refundAmount({ ...base, chosen: [{ lineId: 'jacket', count: 1 }] })).toMatchObject({ ok: false })
    expect(refundAmount({ ...base, chosen: [{ lineId: 'gloves', count: 3 }] })).toEqual({ ok: false, problem: 'Choose from 1 to 2 of item gloves.' })
    expect(refundAmount({ ...base, chosen: [{ lineId: 'gloves', count: 1 }, { lineId: 'gloves', count: 1 }] })).toMatchObject({ ok: false })
    expect(refundAmount({ ...base, chosen: [] })).toMatchObject({ ok: false })
    expect(refundAmount({ ...base, chosen: [{ lineId: 'gloves', count: 0.5 }] })).toMatchObject({ ok: false })
  })

  it('returning every unit one at a time refunds exactly what the line cost (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 1_000_000 }), (count, paidPence) => {
        let refunded = 0
        for (let returned = 0; returned < count; returned++) {
          const r = refundAmount({ lines: [{ lineId: 'x', count, paidPence, returnedCount: returned }], chosen: [{ lineId: 'x', count: 1 }], standardDeliveryPence: 0, paidPence, alreadyRefundedPence: refunded })
          if (!r.ok) throw new Error(r.problem)
          refunded += r.refundPence
        }
        expect(refunded).toBe(paidPence)
      }),
    )
  })
})
