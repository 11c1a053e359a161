// What a cancellation or return refunds (Consumer Contracts Regulations 2013, regs. 34–35): the chosen lines
// as paid for, plus the standard delivery charge only when the whole order is cancelled (never the extra cost
// of a dearer delivery the customer chose, reg. 34(3)), less a deduction for any loss in value from handling
// the goods beyond what was needed to check them (reg. 34(9)), which must say why. Never more than was paid
// less what has already been refunded, never less than nothing.
import type { Pence } from '../money'

export interface PaidLine {
  readonly lineId: string
  /** Units on the order line. */
  readonly count: number
  /** What the customer paid for the whole line, after its share of any discount. */
  readonly paidPence: Pence
  /** Units of this line already returned and refunded. */
  readonly returnedCount?: number
}

export interface RefundRequest {
  readonly lines: readonly PaidLine[]
  readonly chosen: readonly { readonly lineId: string; readonly count: number }[]
  /** The cheapest standard delivery the order could have had, or what was paid for delivery if less. */
  readonly standardDeliveryPence: Pence
  /** What the customer paid in all, and what has already gone back to them. */
  readonly paidPence: Pence
  readonly alreadyRefundedPence: Pence
  readonly deduction?: { readonly pence: Pence; readonly reason: string } | null
}

export type RefundAmount =
  | {
      readonly ok: true
      readonly linesPence: Pence
      readonly deliveryPence: Pence
      readonly deductionPence: Pence
      readonly deductionReason: string | null
      readonly refundPence: Pence
      /** True when the refund was cut to what is left of the payment. */
      readonly capped: boolean
    }
  | { readonly ok: false; readonly problem: string }

const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0

/** The share of a line's price for `count` of its units: whole pence, the last unit taking what the others left. */
function sharePence(line: PaidLine, count: number): Pence {
  const returned = line.returnedCount ?? 0
  const priceOf = (units: number) => Math.floor((line.paidPence * units) / line.count)
  // Units returned earlier took their floor share; these take the next slice, so all the slices sum to the line.
  return priceOf(returned + count) - priceOf(returned)
}

export function refundAmount(request: RefundRequest): RefundAmount {
  if (!whole(request.paidPence) || !whole(request.alreadyRefundedPence) || !whole(request.standardDeliveryPence)) return { ok: false, problem: 'Amounts must be whole pence, zero or more.' }
  if (request.chosen.length === 0) return { ok: false, problem: 'Choose at least one item to refund.' }
  const byId = new Map(request.lines.map((l) => [l.lineId, l]))
  const seen = new Set<string>()
  let linesPence = 0
  for (const choice of request.chosen) {
    const line = byId.get(choice.lineId)
    if (!line) return { ok: false, problem: `There is no item ${choice.lineId} on this order.` }
    if (seen.has(choice.lineId)) return { ok: false, problem: 'Each item may be chosen once.' }
    seen.add(choice.lineId)
    const left = line.count - (line.returnedCount ?? 0)
    if (!Number.isSafeInteger(choice.count) || choice.count < 1 || choice.count > left) return { ok: false, problem: `Choose from 1 to ${left} of item ${choice.lineId}.` }
    linesPence += sharePence(line, choice.count)
  }
  const deduction = request.deduction ?? null
  if (deduction && (!whole(deduction.pence) || (deduction.pence > 0 && deduction.reason.trim() === ''))) return { ok: false, problem: 'A deduction is whole pence and says why the goods lost value.' }
  const wholeOrder = request.lines.every((l) => (l.returnedCount ?? 0) + (request.chosen.find((c) => c.lineId === l.lineId)?.count ?? 0) === l.count)
  const deliveryPence = wholeOrder ? request.standardDeliveryPence : 0
  const deductionPence = Math.min(deduction?.pence ?? 0, linesPence + deliveryPence)
  const due = linesPence + deliveryPence - deductionPence
  const left = Math.max(0, request.paidPence - request.alreadyRefundedPence)
  return {
    ok: true,
    linesPence,
    deliveryPence,
    deductionPence,
    deductionReason: deductionPence > 0 ? deduction!.reason.trim() : null,
    refundPence: Math.min(due, left),
    capped: due > left,
  }
}
