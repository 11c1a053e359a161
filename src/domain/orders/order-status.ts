// Which status changes an order may make, and which of them put its stock back. Pure: the orders
// collection's hook and the payment lifecycle both ask this table.
import type { Transition } from '../lifecycle'

export type OrderStatus = 'awaiting_payment' | 'paid' | 'processing' | 'ready_for_collection' | 'dispatched' | 'completed' | 'cancelled' | 'refunded'
export type FinanceStatus = 'submitted' | 'approved' | 'declined' | 'completed' | 'cancelled'
export type OrderKind = 'card' | 'finance'

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  ready_for_collection: 'Ready for collection',
  dispatched: 'Dispatched',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

/**
 * Changes staff may make by hand. Payment itself (awaiting payment → paid) only ever comes from the payment
 * provider, never from a person. A paid card order is cancelled by refunding it, so money and stock go back together.
 */
const CARD_STAFF_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['cancelled'],
  paid: ['processing', 'ready_for_collection', 'dispatched', 'refunded'],
  processing: ['ready_for_collection', 'dispatched', 'refunded'],
  ready_for_collection: ['completed', 'refunded'],
  dispatched: ['completed', 'refunded'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
}

/** Finance orders are paid by the lender, not by card: no card refund, and they can be cancelled until handed over. */
const FINANCE_STAFF_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['processing', 'cancelled'],
  paid: ['processing', 'ready_for_collection', 'dispatched', 'cancelled'],
  processing: ['ready_for_collection', 'dispatched', 'cancelled'],
  ready_for_collection: ['completed', 'cancelled'],
  dispatched: ['completed'],
  completed: [],
  cancelled: [],
  refunded: [],
}

const FINANCE_TRANSITIONS: Record<FinanceStatus, readonly FinanceStatus[]> = {
  submitted: ['approved', 'declined', 'cancelled'],
  approved: ['completed', 'cancelled'],
  declined: [],
  completed: [],
  cancelled: [],
}

export type TransitionCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

/**
 * `soldInShowroom`: an order staff made when converting a reservation in the shop; its balance is paid to the
 * dealer in person, so staff (not a payment provider) mark it paid.
 */
export function checkStaffStatusChange(kind: OrderKind, from: OrderStatus, to: OrderStatus, options: { readonly soldInShowroom?: boolean } = {}): TransitionCheck {
  if (from === to) return { ok: true }
  if (options.soldInShowroom && kind === 'card' && from === 'awaiting_payment' && to === 'paid') return { ok: true }
  const allowed = (kind === 'finance' ? FINANCE_STAFF_TRANSITIONS : CARD_STAFF_TRANSITIONS)[from] ?? []
  if (allowed.includes(to)) return { ok: true }
  if (kind === 'card' && to === 'paid') return { ok: false, message: 'An order becomes Paid only when the payment provider confirms the payment.' }
  if (kind === 'card' && to === 'cancelled' && from !== 'cancelled') return { ok: false, message: 'A paid order is cancelled by refunding it: choose Refunded, which refunds the card and puts the stock back.' }
  if (kind === 'finance' && to === 'refunded') return { ok: false, message: 'Finance orders are not paid by card, so they cannot be refunded here: cancel the order and tell the lender.' }
  const next = allowed.map((s) => ORDER_STATUS_LABELS[s]).join(', ')
  return { ok: false, message: `An order cannot go from ${ORDER_STATUS_LABELS[from]} to ${ORDER_STATUS_LABELS[to]}${next ? `; from ${ORDER_STATUS_LABELS[from]} it can go to: ${next}` : `: ${ORDER_STATUS_LABELS[from]} is final`}.` }
}

export function checkFinanceStatusChange(from: FinanceStatus | null | undefined, to: FinanceStatus | null | undefined): TransitionCheck {
  if (from === to || !to) return from && !to ? { ok: false, message: 'A finance application status cannot be cleared.' } : { ok: true }
  if (!from) return to === 'submitted' ? { ok: true } : { ok: false, message: 'A finance application starts as Submitted.' }
  if (FINANCE_TRANSITIONS[from].includes(to)) return { ok: true }
  return { ok: false, message: `A finance application cannot go from ${from} to ${to}${FINANCE_TRANSITIONS[from].length ? `; it can go to: ${FINANCE_TRANSITIONS[from].join(', ')}` : ` (${from} is final)`}.` }
}

/** Whether an order in this state no longer needs its goods: its stock goes back on the shelf (once). */
export function releasesStock(status: OrderStatus, financeStatus?: FinanceStatus | null): boolean {
  return status === 'cancelled' || status === 'refunded' || financeStatus === 'declined' || financeStatus === 'cancelled'
}

/** The order states from which staff may move a card order to `to`. */
export function cardStatesThatMayBecome(to: OrderStatus): OrderStatus[] {
  return (Object.keys(CARD_STAFF_TRANSITIONS) as OrderStatus[]).filter((from) => CARD_STAFF_TRANSITIONS[from].includes(to))
}

/** A change the shop makes itself: the states it may start from and the state it ends in (see domain/lifecycle.ts). */
export interface LifecycleChange extends Transition<OrderStatus> {
  /** Also required of a finance order: its application is still in one of these states. */
  readonly financeFrom?: readonly FinanceStatus[]
}

/**
 * Why a card order cannot be paid by card, or null when it can: a card payment is for something. An order that
 * comes to £0 (a 100% coupon, a deposit that covers the price) is never sent to the card provider, which would
 * record it "paid, total 0"; staff complete it by hand.
 */
export function cardPaymentRefusal(totalPence: number): string | null {
  if (Number.isSafeInteger(totalPence) && totalPence > 0) return null
  return 'This order comes to £0.00, so there is nothing to pay by card. Please call us and we will complete it for you.'
}

/** How long a card order holds its stock while the customer pays. */
export const CARD_HOLD_MINUTES = 15

/** What a payment says on the order's history. */
interface Paid {
  readonly amountPence: number
  readonly provider: string
  readonly reference: string
}

/**
 * Changes the shop makes itself, driven by payments and time rather than by staff. The order lifecycle
 * (features/orders/order-lifecycle.server.ts) claims each one in the database only from these states, so a
 * change that lost a race with another changes nothing.
 */
export const LIFECYCLE = {
  /** The provider confirmed the payment of an order awaiting it. */
  paymentTaken: { from: ['awaiting_payment'], to: 'paid', stock: 'sell', actor: 'payment webhook', note: (p: Paid) => `Paid ${p.amountPence}p by card (${p.provider} ${p.reference}).` },
  /** A payment arrived for an order already cancelled (its hold ran out) and its stock was still there. */
  latePaymentTaken: { from: ['cancelled'], to: 'paid', actor: 'payment webhook', note: () => 'Payment arrived after the stock hold was released; the stock was still there and is taken again.' },
  /** A payment arrived for an order already cancelled whose stock had sold: refunded at once. */
  latePaymentRefunded: { from: ['cancelled'], to: 'refunded', actor: 'payment webhook', note: (refundId: string) => `Payment arrived after the stock hold was released and the goods had sold out: refunded automatically (${refundId}).` },
  /** The provider reported the payment failed. */
  paymentFailed: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'payment webhook', note: (message: string) => `Payment failed: ${message} Stock released.` },
  /** Not paid before the stock hold ran out (the provider confirmed no payment). */
  holdExpired: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'hold expiry', note: () => `${ORDER_NOTES.holdExpired}; the provider confirmed no payment, open payments cancelled, stock released` },
  /** A finance application nobody decided before its hold ran out. */
  financeHoldExpired: { from: ['processing'], to: 'cancelled', financeFrom: ['submitted'], stock: ['held'], actor: 'hold expiry', note: () => 'finance application not decided before its hold expired: cancelled, bike back on sale' },
  /**
   * A stock count below the units held withdrew this unpaid order's units (the newest holds go first): the order
   * ends before it is paid, its open payments closed; its other units go back on the shelf.
   */
  stockWithdrawn: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'stock feed', note: () => 'The dealer’s stock count fell below the units held, and this was among the newest unpaid orders: cancelled before payment, open payments closed, any other units back on sale.' },
  /** The provider reported a refund: from every state staff could refund from. */
  refundReported: { from: cardStatesThatMayBecome('refunded'), to: 'refunded', stock: ['held', 'sold'], actor: 'payment webhook', note: (p: Omit<Paid, 'reference'>) => `Refund of ${p.amountPence}p reported by ${p.provider}. Stock restored.` },
} as const satisfies Record<string, LifecycleChange>

/** The other notes the order lifecycle writes: money it cannot keep, and units handed back to a reservation. */
export const ORDER_NOTES = {
  holdExpired: `hold expired: not paid within ${CARD_HOLD_MINUTES} minutes`,
  holdExpiredPayment: `Not paid within ${CARD_HOLD_MINUTES} minutes: the stock hold expired.`,
  amountMismatch: (paid: number, total: number) => `Payment of ${paid}p does not match the order total ${total}p; staff must check it.`,
  unwantedPayment: (payment: string, why: string, refund: { id: string } | { error: string }) =>
    `A further payment of ${payment} arrived but ${why}${'id' in refund ? `: refunded automatically (${refund.id}).` : `, and the automatic refund FAILED: refund it by hand. ${refund.error}`}`,
  withdrawnPayment: 'The item is no longer in stock: the dealer’s stock count fell below the units held.',
  lateRefundFailed: (paid: number, error: string) => `Payment of ${paid}p arrived after the hold was released and the automatic refund FAILED: refund it by hand. ${error}`,
  handedBack: (why: string, returned: boolean) => `${why}. ${returned ? 'The bike is held for its reservation again.' : 'Stock released.'}`,
  financeHandedBack: (returned: boolean) => `finance application not decided before its hold expired: cancelled; ${returned ? 'the bike is held for its reservation again' : 'bike back on sale'}`,
} as const
