// An order's states and every change between them, declared once: the states with their labels, flags and staff
// moves (ORDER_STATES), the changes the shop makes itself (LIFECYCLE). Pure: the orders collection, its staff
// hook, the lifecycle runner and the payment result pages all derive from these tables (ADR 056).
import { stateOptions, statesOf, type Transition } from '../lifecycle'
import { CERTIFICATE_TRANSITIONS, type CertificateState } from '../payments/certificate-lifecycle'

export type OrderStatus = 'awaiting_payment' | 'paid' | 'processing' | 'ready_for_collection' | 'dispatched' | 'completed' | 'cancelled' | 'refunded'
export type FinanceStatus = 'submitted' | 'approved' | 'declined' | 'completed' | 'cancelled'
export type OrderKind = 'card' | 'finance'

/** One state of an order: what staff and customers call it, what it means, and where staff may move it. */
export interface OrderState {
  readonly label: string
  /** The customer's money is with the shop (or the order goes ahead on finance): the payment result pages say "confirmed". */
  readonly paid: boolean
  /** The order no longer needs its goods: its stock goes back on the shelf (once) when it enters this state. */
  readonly releasesStock: boolean
  /** Staff moving an order into this state queue an email telling the customer (features/orders/status-email.ts). */
  readonly tellsCustomer: boolean
  /** No change leaves it, by staff or by the shop itself (the completeness test holds this against the tables). */
  readonly final: boolean
  /**
   * The states staff may move an order to from this one, by the way it is paid. Payment itself (awaiting payment →
   * paid) only ever comes from the provider (LIFECYCLE below); a paid card order is cancelled by refunding it, so
   * money and stock go back together; a finance order is paid by the lender, never refunded by card.
   */
  readonly staff: { readonly card: readonly OrderStatus[]; readonly finance: readonly OrderStatus[] }
}

/**
 * Every state of an order, declared once (ADR 056): the collection's options, the staff checks, the stock
 * release, the customer's emails and the payment result pages all read this table. The changes the shop makes by
 * itself (a payment, a timer, a stock count) are the LIFECYCLE rows below.
 */
export const ORDER_STATES = {
  awaiting_payment: { label: 'Awaiting payment', paid: false, releasesStock: false, tellsCustomer: false, final: false, staff: { card: ['cancelled'], finance: ['processing', 'cancelled'] } },
  paid: { label: 'Paid', paid: true, releasesStock: false, tellsCustomer: false, final: false, staff: { card: ['processing', 'ready_for_collection', 'dispatched', 'refunded'], finance: ['processing', 'ready_for_collection', 'dispatched', 'cancelled'] } },
  processing: { label: 'Processing', paid: true, releasesStock: false, tellsCustomer: false, final: false, staff: { card: ['ready_for_collection', 'dispatched', 'refunded'], finance: ['ready_for_collection', 'dispatched', 'cancelled'] } },
  ready_for_collection: { label: 'Ready for collection', paid: true, releasesStock: false, tellsCustomer: true, final: false, staff: { card: ['completed', 'refunded'], finance: ['completed', 'cancelled'] } },
  dispatched: { label: 'Dispatched', paid: true, releasesStock: false, tellsCustomer: true, final: false, staff: { card: ['completed', 'refunded'], finance: ['completed'] } },
  completed: { label: 'Completed', paid: true, releasesStock: false, tellsCustomer: false, final: false, staff: { card: ['refunded'], finance: [] } },
  cancelled: { label: 'Cancelled', paid: false, releasesStock: true, tellsCustomer: true, final: false, staff: { card: [], finance: [] } },
  refunded: { label: 'Refunded', paid: false, releasesStock: true, tellsCustomer: true, final: true, staff: { card: [], finance: [] } },
} as const satisfies { readonly [S in OrderStatus]: OrderState }

/** The state a new order starts in, by the way it is paid (checkout and finance applications write it). */
export const ORDER_START = { card: 'awaiting_payment', finance: 'processing' } as const satisfies Record<OrderKind, OrderStatus>

/** The order states in their declared order (the admin's select lists them so). */
export const ORDER_STATUS_VALUES = statesOf<OrderStatus>(ORDER_STATES)

/** The states a customer hears about when staff move an order into them. */
export type NotifiedOrderStatus = { [S in OrderStatus]: (typeof ORDER_STATES)[S]['tellsCustomer'] extends true ? S : never }[OrderStatus]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = Object.fromEntries(ORDER_STATUS_VALUES.map((s) => [s, ORDER_STATES[s].label])) as Record<OrderStatus, string>

/** The admin select's options: each state's value and label, in the declared order. */
export const orderStatusOptions = (): { label: string; value: OrderStatus }[] => stateOptions<OrderStatus>(ORDER_STATES)

/** Whether an order in this state is paid for (a payment result page shows it confirmed). Unknown states are not. */
export function isPaidStatus(status: string): boolean {
  return (ORDER_STATES as Record<string, OrderState>)[status]?.paid === true
}

/** One state of a finance application: its label, whether it ends the order's need for the bike, and where it may go. */
export interface FinanceState {
  readonly label: string
  readonly releasesStock: boolean
  /** The states the application may move to (staff record the lender's decisions). */
  readonly next: readonly FinanceStatus[]
}

/** Every state of a finance application, declared once: the collection's options and the checks read it. */
export const FINANCE_STATES = {
  submitted: { label: 'Submitted', releasesStock: false, next: ['approved', 'declined', 'cancelled'] },
  approved: { label: 'Approved', releasesStock: false, next: ['completed', 'cancelled'] },
  declined: { label: 'Declined', releasesStock: true, next: [] },
  completed: { label: 'Completed', releasesStock: false, next: [] },
  cancelled: { label: 'Cancelled', releasesStock: true, next: [] },
} as const satisfies { readonly [S in FinanceStatus]: FinanceState }

export const FINANCE_STATUS_VALUES = statesOf<FinanceStatus>(FINANCE_STATES)

export const financeStatusOptions = (): { label: string; value: FinanceStatus }[] => stateOptions<FinanceStatus>(FINANCE_STATES)

const staffMoves = (kind: OrderKind, from: OrderStatus): readonly OrderStatus[] => (ORDER_STATES[from]?.staff[kind] ?? []) as readonly OrderStatus[]
const financeNext = (from: FinanceStatus): readonly FinanceStatus[] => FINANCE_STATES[from].next

export type TransitionCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

/**
 * `soldInShowroom`: an order staff made when converting a reservation in the shop; its balance is paid to the
 * dealer in person, so staff (not a payment provider) mark it paid.
 */
export function checkStaffStatusChange(kind: OrderKind, from: OrderStatus, to: OrderStatus, options: { readonly soldInShowroom?: boolean } = {}): TransitionCheck {
  if (from === to) return { ok: true }
  if (options.soldInShowroom && kind === 'card' && from === 'awaiting_payment' && to === 'paid') return { ok: true }
  const allowed = staffMoves(kind, from)
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
  const next = financeNext(from)
  if (next.includes(to)) return { ok: true }
  return { ok: false, message: `A finance application cannot go from ${from} to ${to}${next.length ? `; it can go to: ${next.join(', ')}` : ` (${from} is final)`}.` }
}

/** Whether an order in this state no longer needs its goods: its stock goes back on the shelf (once). */
export function releasesStock(status: OrderStatus, financeStatus?: FinanceStatus | null): boolean {
  return (ORDER_STATES as Record<string, OrderState>)[status]?.releasesStock === true || (financeStatus != null && FINANCE_STATES[financeStatus]?.releasesStock === true)
}

/**
 * A staff move as a declared change: staff make it; when it enters a state that releases stock, the order's units go
 * back on the shelf (held or sold); its history note. Null when staff may not make it (see ORDER_STATES' `staff`).
 */
export function staffTransition(kind: OrderKind, from: OrderStatus, to: OrderStatus): (Transition<OrderStatus> & { readonly note: () => string }) | null {
  if (!staffMoves(kind, from).includes(to)) return null
  const stock = releasesStock(to) && !releasesStock(from) ? (['held', 'sold'] as const) : undefined
  return { from: [from], to, by: 'staff', actor: 'staff', ...(stock ? { stock } : {}), note: () => ORDER_NOTES.staffChanged }
}

/** The order states from which staff may move a card order to `to`. */
export function cardStatesThatMayBecome(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUS_VALUES.filter((from) => staffMoves('card', from).includes(to))
}

/** A change the shop makes itself: the states it may start from and the state it ends in (see domain/lifecycle.ts). */
export interface LifecycleChange extends Transition<OrderStatus> {
  /** Also required of a finance order: its application is still in one of these states. */
  readonly financeFrom?: readonly FinanceStatus[]
  /** Also required of an order paid in part by a Cycle to Work certificate: the certificate is still in one of these states. */
  readonly certificateFrom?: readonly CertificateState[]
  /** The certificate's state the change writes with the order's (the certificate's own table, domain/payments/certificate-lifecycle.ts). */
  readonly certificateTo?: CertificateState
  /** Made only while no payment is recorded on the order (its paid date empty), so a payment is recorded once. */
  readonly whileUnpaid?: boolean
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
  paymentTaken: { from: ['awaiting_payment'], to: 'paid', stock: 'sell', actor: 'payment webhook', by: 'provider', note: (p: Paid) => `Paid ${p.amountPence}p by card (${p.provider} ${p.reference}).` },
  /** A payment arrived for an order already cancelled (its hold ran out) and its stock was still there. */
  latePaymentTaken: { from: ['cancelled'], to: 'paid', actor: 'payment webhook', by: 'provider', note: () => 'Payment arrived after the stock hold was released; the stock was still there and is taken again.' },
  /** A payment arrived for an order already cancelled whose stock had sold: refunded at once. */
  latePaymentRefunded: { from: ['cancelled'], to: 'refunded', actor: 'payment webhook', by: 'provider', note: (refundId: string) => `Payment arrived after the stock hold was released and the goods had sold out: refunded automatically (${refundId}).` },
  /** The provider reported the payment failed. */
  paymentFailed: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'payment webhook', by: 'provider', note: (message: string) => `Payment failed: ${message} Stock released.` },
  /** Not paid before the stock hold ran out (the provider confirmed no payment). */
  holdExpired: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'hold expiry', by: 'timer', note: () => `${ORDER_NOTES.holdExpired}; the provider confirmed no payment, open payments cancelled, stock released` },
  /** A finance application nobody decided before its hold ran out. */
  financeHoldExpired: { from: ['processing'], to: 'cancelled', financeFrom: ['submitted'], stock: ['held'], actor: 'hold expiry', by: 'timer', note: () => 'finance application not decided before its hold expired: cancelled, bike back on sale' },
  /**
   * A stock count below the units held withdrew this unpaid order's units (the newest holds go first): the order
   * ends before it is paid, its open payments closed; its other units go back on the shelf.
   */
  stockWithdrawn: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'stock feed', by: 'stock feed', note: () => 'The dealer’s stock count fell below the units held, and this was among the newest unpaid orders: cancelled before payment, open payments closed, any other units back on sale.' },
  /** The provider reported a refund: from every state staff could refund from. */
  refundReported: { from: cardStatesThatMayBecome('refunded'), to: 'refunded', stock: ['held', 'sold'], actor: 'payment webhook', by: 'provider', note: (p: Omit<Paid, 'reference'>) => `Refund of ${p.amountPence}p reported by ${p.provider}. Stock restored.` },
  /**
   * Refunds by line or amount (returns, cancellations, part refunds from the order page) have given back all that
   * was paid. Units stay: each return moves its own back when the goods come in.
   */
  refundedInFull: { from: cardStatesThatMayBecome('refunded'), to: 'refunded', actor: 'refunds', by: 'record', note: (p: { total: string }) => `Everything paid (${p.total}) has now been refunded, by item or amount.` },
  /**
   * An order paid in part by a Cycle to Work certificate (ADR 053): its card balance is paid, and it keeps waiting
   * (its stock held, not sold) for staff to confirm the certificate with the scheme, until its certificate hold ends.
   */
  certificateBalancePaid: {
    from: ['awaiting_payment'],
    to: 'awaiting_payment',
    certificateFrom: ['submitted'],
    whileUnpaid: true,
    actor: 'payment webhook',
    by: 'provider',
    note: (p: Paid & { until: string }) => `Card balance of ${p.amountPence}p paid (${p.provider} ${p.reference}); the stock stays held until ${p.until} while staff confirm the certificate with the scheme.`,
  },
  /** Staff confirmed the certificate, its card balance paid (or none): the order is paid and its stock sold. */
  certificateConfirmed: {
    from: ['awaiting_payment'],
    to: 'paid',
    certificateFrom: ['submitted'],
    certificateTo: CERTIFICATE_TRANSITIONS.confirm.to,
    stock: 'sell',
    actor: 'staff',
    by: 'staff',
    note: (p: { scheme: string; certificate: string; card: string }) => `${CERTIFICATE_TRANSITIONS.confirm.note(p)} Paid ${p.certificate} by certificate and ${p.card} by card; stock sold.`,
  },
  /** Staff refused the certificate (the scheme would not redeem it): cancelled, stock back on sale, any card balance refunded. */
  certificateRefused: {
    from: ['awaiting_payment'],
    to: 'cancelled',
    certificateFrom: ['submitted'],
    certificateTo: CERTIFICATE_TRANSITIONS.refuse.to,
    stock: CERTIFICATE_TRANSITIONS.refuse.stock,
    actor: 'staff',
    by: 'staff',
    note: (p: { reason: string }) => `${CERTIFICATE_TRANSITIONS.refuse.note(p)} Order cancelled; stock released.`,
  },
  /** Nobody confirmed the certificate before its hold ran out: cancelled, stock back on sale, any card balance refunded. */
  certificateLapsed: {
    from: ['awaiting_payment'],
    to: 'cancelled',
    certificateFrom: ['submitted'],
    certificateTo: CERTIFICATE_TRANSITIONS.lapse.to,
    stock: CERTIFICATE_TRANSITIONS.lapse.stock,
    actor: CERTIFICATE_TRANSITIONS.lapse.actor,
    by: 'timer',
    note: () => `${CERTIFICATE_TRANSITIONS.lapse.note()} Order cancelled.`,
  },
} as const satisfies Record<string, LifecycleChange>

/** The other notes the order lifecycle writes: money it cannot keep, and units handed back to a reservation. */
export const ORDER_NOTES = {
  staffChanged: 'Status changed by staff.',
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
