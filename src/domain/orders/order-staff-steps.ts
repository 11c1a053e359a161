// What staff may do next on one order, as the admin's order page offers it: each status move the state table allows
// (ORDER_STATES[status].staff[kind], plus a showroom sale's balance taken in person), worded as a button, and
// whether part of the payment may go back to the card, with how much is left to give. Pure.
import { formatPence } from '../money'
import { cardStatesThatMayBecome, ORDER_STATES, type OrderKind, type OrderStatus } from './order-status'

/** One button of the order page: the status it moves to, its words, and the question asked before it runs (if any). */
export interface StaffStep {
  readonly to: OrderStatus
  readonly label: string
  readonly confirm: string | null
}

/** How each move reads on a button; a move that sends money back or ends the order asks first. */
const STEP_WORDS: Record<OrderStatus, { readonly label: string; readonly confirm?: string }> = {
  awaiting_payment: { label: 'Mark awaiting payment' },
  paid: { label: 'Mark paid (balance taken in the showroom)', confirm: 'Record that the customer paid the balance in the showroom?' },
  processing: { label: 'Mark processing' },
  ready_for_collection: { label: 'Mark ready for collection' },
  dispatched: { label: 'Mark dispatched' },
  completed: { label: 'Mark completed' },
  cancelled: { label: 'Cancel order', confirm: 'Cancel this order? Its stock goes back on sale and the customer is emailed.' },
  refunded: { label: 'Refund in full', confirm: 'Refund everything not yet refunded to the customer’s card? The stock goes back on sale and the customer is emailed.' },
}

/**
 * The moves staff may make from `status`, in the table's order. `soldInShowroom`: a reservation converted in the shop,
 * whose balance staff mark paid by hand (checkStaffStatusChange's one exception to "paid comes from the provider").
 */
export function staffSteps(kind: OrderKind, status: OrderStatus, options: { readonly soldInShowroom?: boolean; readonly certificateWaiting?: boolean } = {}): StaffStep[] {
  // A Cycle to Work order waiting for its certificate moves only by staff confirming or refusing the certificate.
  if (options.certificateWaiting) return []
  const moves: readonly OrderStatus[] = ORDER_STATES[status]?.staff[kind] ?? []
  const showroom: OrderStatus[] = options.soldInShowroom && kind === 'card' && status === 'awaiting_payment' ? ['paid'] : []
  return [...showroom, ...moves].map((to) => ({ to, label: STEP_WORDS[to].label, confirm: STEP_WORDS[to].confirm ?? null }))
}

/** What an order's payment has given back so far, in pence. */
export interface RefundedSoFar {
  readonly totalPence: number
  /** The order's own refunded total (every refund recorded as made, including whole-order refunds with no refund record). */
  readonly orderRefundedPence: number
  /** Refund records made (succeeded) and still being sent (pending). */
  readonly succeededPence: number
  readonly pendingPence: number
}

/**
 * The most the order's refund records may add up to (what was paid, less refunds made without a record), and what
 * is left to give now. Refunds with a record are counted in the order's total once made, so only the excess is outside.
 */
export function refundRoom(r: RefundedSoFar): { readonly capPence: number; readonly leftPence: number } {
  const outside = Math.max(0, r.orderRefundedPence - r.succeededPence)
  const capPence = Math.max(0, r.totalPence - outside)
  return { capPence, leftPence: Math.max(0, capPence - r.succeededPence - r.pendingPence) }
}

/** Why part of this order cannot be refunded to a card now (null when it can): its kind, its state, what is left. */
export function partRefundRefusal(kind: OrderKind, status: OrderStatus, leftPence: number, amountPence?: number): string | null {
  if (kind === 'finance') return 'A finance order is paid by the lender, not by card: it cannot be refunded here. Cancel it and tell the lender.'
  if (!cardStatesThatMayBecome('refunded').includes(status)) return `This order is ${ORDER_STATES[status]?.label ?? status}: there is no card payment to refund from it.`
  if (leftPence <= 0) return 'Everything paid for this order has already been refunded.'
  if (amountPence !== undefined && amountPence > leftPence) return `${formatPence(amountPence)} is more than is left to refund on this order (${formatPence(leftPence)}).`
  return null
}
