// What a customer's cancellation of an order (or of some of its lines) becomes, decided from the order as it is:
// before the goods leave, the lines are cancelled at once (stock back, money back); once dispatched, delivered or
// collected, within the cancellation period, a return is opened and the customer is told how to send the goods
// back; after the period, or for what may not be cancelled, a clear refusal. Pure: the workflow acts on it.
import type { IsoDay } from '../booking/calendar'
import type { ProductKind } from '../catalogue/product-kind'
import { cancellationLastDay, mayCancel } from './consumer-rights-clock'
import { lineCancellation } from './cancellable-kinds'
import type { PaidLine } from './refund-amount'

/** Order statuses whose goods have not left the dealer: a cancellation is made at once. */
export const BEFORE_DISPATCH = ['paid', 'processing', 'ready_for_collection'] as const
/** Order statuses whose goods are with the customer or on their way: a cancellation opens a return. */
export const AFTER_DISPATCH = ['dispatched', 'completed'] as const

export interface OrderFacts {
  readonly status: string
  readonly kind: 'card' | 'finance'
  /** The day the goods were delivered or collected (null while not yet). */
  readonly deliveredOn: IsoDay | null
  readonly lines: readonly (PaidLine & { readonly productKind: ProductKind | null; readonly name: string })[]
}

export type CancellationPlan =
  | { readonly ok: true; readonly mode: 'cancel-now' | 'return'; readonly lastDay: IsoDay | null }
  | { readonly ok: false; readonly problem: string }

export function planCancellation(order: OrderFacts, chosen: readonly { readonly lineId: string; readonly count: number }[], today: IsoDay): CancellationPlan {
  if (chosen.length === 0) return { ok: false, problem: 'Choose at least one item to cancel.' }
  const before = (BEFORE_DISPATCH as readonly string[]).includes(order.status)
  const after = (AFTER_DISPATCH as readonly string[]).includes(order.status)
  if (!before && !after) return { ok: false, problem: order.status === 'awaiting_payment' ? 'This order has not been paid, so there is nothing to cancel yet.' : 'This order is already cancelled or refunded.' }
  for (const choice of chosen) {
    const line = order.lines.find((l) => l.lineId === choice.lineId)
    if (!line) return { ok: false, problem: 'One of the chosen items is not on this order.' }
    const left = line.count - (line.returnedCount ?? 0)
    if (left <= 0) return { ok: false, problem: `${line.name} has already been cancelled.` }
    if (!Number.isSafeInteger(choice.count) || choice.count < 1 || choice.count > left) return { ok: false, problem: `Choose from 1 to ${left} of ${line.name}.` }
    const rule = lineCancellation(line.productKind, { dispatched: after })
    if (!rule.cancellable) return { ok: false, problem: `${line.name}: ${rule.explanation}` }
  }
  if (before) return { ok: true, mode: 'cancel-now', lastDay: null }
  if (!mayCancel(order.deliveredOn, today)) return { ok: false, problem: `The 14-day cancellation period ended on ${cancellationLastDay(order.deliveredOn!)}. If an item is faulty, contact us: your rights for faulty goods still apply.` }
  return { ok: true, mode: 'return', lastDay: order.deliveredOn ? cancellationLastDay(order.deliveredOn) : null }
}

/**
 * What each order line cost the customer after its share of the order's discount, in whole pence: shares are
 * taken in proportion to the lines' totals, rounded down, and the last line takes what the others left, so the
 * shares sum to the discount exactly.
 */
export function paidPerLine(lines: readonly { readonly lineTotalPence: number }[], discountPence: number): number[] {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalPence, 0)
  if (subtotal <= 0 || discountPence <= 0) return lines.map((l) => l.lineTotalPence)
  let given = 0
  return lines.map((l, i) => {
    const share = i === lines.length - 1 ? discountPence - given : Math.floor((discountPence * l.lineTotalPence) / subtotal)
    given += share
    return Math.max(0, l.lineTotalPence - share)
  })
}

/** The idempotency key of a return's refund: one refund per return, whoever asks and however often. */
export const returnRefundKey = (returnNumber: string) => `return-refund:${returnNumber}`
