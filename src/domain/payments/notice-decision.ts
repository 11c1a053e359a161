// What a payment notice (a provider's webhook, or a payment found while closing a record's open payments) means
// for the order or reservation it is about, decided from facts alone: one ordered table of rules, the first that
// holds wins. The records feature carries out the decision (a claim, a refund, a note) and, when a claim is lost
// to a racing change, decides again from the record as it then is (`claimLost`, `unitsWithdrawn`, `lateTake`).

export type NoticeEvent = 'succeeded' | 'failed' | 'refunded'

/** What a payment provider's webhook (or a reconciling pass) says about a payment of an order or a reservation. */
export interface PaymentNotice {
  /** The order's or reservation's number. */
  readonly orderNumber?: string
  readonly reference: string
  readonly amountPence: number
  readonly provider: string
}

/** What the runner does with a notice. */
export type NoticeAction =
  /** Nothing changes; `outcome` says why. */
  | 'ignore'
  /** The money is not the sum the record asks for: a note for staff, nothing applied. */
  | 'amount-mismatch'
  /** The declared payment change (an order paid and its units sold, a deposit paid and the bike held). */
  | 'take'
  /** A Cycle to Work order's card balance: recorded, the order still waiting (stock held) for its certificate to be confirmed. */
  | 'take-balance'
  /** An unpaid order lost units to a lower stock count while the payment came: it ends first, then the money is decided again. */
  | 'end-withdrawn'
  /** Money for an order that ended unpaid: its stock is taken again if it is still there. */
  | 'take-late'
  /** Money for a record that ended unpaid and cannot have its goods any more: refunded at once. */
  | 'refund-late'
  /** Money for an order already paid by another payment, or ended: never kept, refunded at once. */
  | 'refund-unwanted'
  /** The declared failure change (the record ends unpaid, its units go back). */
  | 'fail'
  /** The declared refund change (the provider reports money sent back). */
  | 'record-refund'

/** The facts a decision reads: the notice, and the record as it is now. */
export interface NoticeFacts {
  readonly event: NoticeEvent
  readonly record: 'order' | 'reservation'
  /** False for an order paid by a lender (finance): a card payment is not for it. */
  readonly paidByCard: boolean
  readonly status: string
  /** What the record asks to be paid (an order's total, a reservation's deposit). */
  readonly expectedPence: number
  /** A payment is already on the record. */
  readonly paidAt: boolean
  /** The payment reference on the record, if any. */
  readonly reference: string | null
  readonly notice: { readonly reference: string; readonly amountPence: number }
  /** The payment change was tried and its claim lost (the record changed meanwhile). */
  readonly claimLost?: boolean
  /** After a lost claim: a unit of this order was withdrawn from under its hold. */
  readonly unitsWithdrawn?: boolean
  /** After `take-late` was tried: the stock was short, or the order changed meanwhile. */
  readonly lateTake?: 'short' | 'owner_changed'
  /**
   * An order paid in part by a Cycle to Work certificate: the certificate's state (ADR 053). Its card payment is only
   * the balance; the order is paid once staff confirm the certificate, never by the card payment alone.
   */
  readonly certificate?: string | null
}

export interface NoticeRule {
  /** The rule's name (each has its own unit test). */
  readonly name: string
  readonly record: NoticeFacts['record']
  readonly event: NoticeEvent
  readonly when: (facts: NoticeFacts) => boolean
  readonly action: NoticeAction
  /** The outcome recorded for an ignored notice. */
  readonly outcome?: (facts: NoticeFacts) => string
}

const always = () => true
const amountDiffers = (f: NoticeFacts) => f.notice.amountPence !== f.expectedPence
const endedUnpaid = (f: NoticeFacts) => !f.paidAt

/** Every outcome of a payment notice, in the order they are tried. */
export const NOTICE_RULES: readonly NoticeRule[] = [
  // An order's payment succeeded.
  { name: 'order not paid by card', record: 'order', event: 'succeeded', when: (f) => !f.paidByCard, action: 'ignore', outcome: () => 'not a card order' },
  { name: 'order amount differs', record: 'order', event: 'succeeded', when: amountDiffers, action: 'amount-mismatch' },
  // A Cycle to Work order: the card pays its balance, and the order waits for staff to confirm the certificate.
  { name: 'certificate order balance already paid', record: 'order', event: 'succeeded', when: (f) => f.certificate != null && f.status === 'awaiting_payment' && f.paidAt && f.reference === f.notice.reference, action: 'ignore', outcome: () => 'this card balance is already on the order; it waits for its certificate' },
  { name: 'certificate order balance paid twice', record: 'order', event: 'succeeded', when: (f) => f.certificate != null && f.status === 'awaiting_payment' && f.paidAt, action: 'refund-unwanted' },
  { name: 'certificate order balance paid', record: 'order', event: 'succeeded', when: (f) => f.certificate === 'submitted' && f.status === 'awaiting_payment' && !f.claimLost, action: 'take-balance' },
  // Its certificate refused or lapsed, the order is over: a balance that arrives afterwards goes back, never takes the goods.
  { name: 'late balance of a certificate order', record: 'order', event: 'succeeded', when: (f) => f.certificate != null && f.status === 'cancelled' && endedUnpaid(f), action: 'refund-late' },
  { name: 'order awaiting payment is paid', record: 'order', event: 'succeeded', when: (f) => f.status === 'awaiting_payment' && !f.claimLost, action: 'take' },
  { name: 'order lost units while paying', record: 'order', event: 'succeeded', when: (f) => f.status === 'awaiting_payment' && f.unitsWithdrawn === true, action: 'end-withdrawn' },
  { name: 'late payment, stock gone', record: 'order', event: 'succeeded', when: (f) => f.status === 'cancelled' && endedUnpaid(f) && f.lateTake === 'short', action: 'refund-late' },
  { name: 'late payment', record: 'order', event: 'succeeded', when: (f) => f.status === 'cancelled' && endedUnpaid(f) && f.lateTake === undefined, action: 'take-late' },
  { name: 'order payment already applied', record: 'order', event: 'succeeded', when: (f) => f.reference === f.notice.reference && f.paidAt, action: 'ignore', outcome: (f) => `order is ${f.status}; this payment is already on it` },
  { name: 'unwanted payment', record: 'order', event: 'succeeded', when: (f) => f.status !== 'awaiting_payment', action: 'refund-unwanted' },
  { name: 'order payment, nothing to change', record: 'order', event: 'succeeded', when: always, action: 'ignore', outcome: (f) => `order is ${f.status}; nothing to change` },
  // An order's payment failed: only an order that no other payment paid ends.
  {
    name: 'order failure after another payment',
    record: 'order',
    event: 'failed',
    when: (f) => f.paidAt || (f.reference !== null && f.reference !== f.notice.reference && f.status !== 'awaiting_payment'),
    action: 'ignore',
    outcome: (f) => `order is ${f.status}; a failure changes nothing now`,
  },
  { name: 'order payment failed', record: 'order', event: 'failed', when: always, action: 'fail' },
  // A refund reported for an order.
  { name: 'order already refunded', record: 'order', event: 'refunded', when: (f) => f.status === 'refunded', action: 'ignore', outcome: () => 'already refunded' },
  { name: 'refund of a payment the order did not keep', record: 'order', event: 'refunded', when: (f) => f.reference !== null && f.reference !== f.notice.reference, action: 'ignore', outcome: () => 'refund of a payment this order did not keep' },
  { name: 'order refunded', record: 'order', event: 'refunded', when: always, action: 'record-refund' },
  // A reservation's deposit.
  { name: 'deposit amount differs', record: 'reservation', event: 'succeeded', when: amountDiffers, action: 'amount-mismatch' },
  { name: 'deposit paid', record: 'reservation', event: 'succeeded', when: (f) => !f.claimLost, action: 'take' },
  { name: 'late deposit', record: 'reservation', event: 'succeeded', when: (f) => (f.status === 'expired' || f.status === 'cancelled') && endedUnpaid(f), action: 'refund-late' },
  { name: 'deposit, nothing to change', record: 'reservation', event: 'succeeded', when: always, action: 'ignore', outcome: (f) => `reservation is ${f.status}; nothing to change` },
  { name: 'deposit failed', record: 'reservation', event: 'failed', when: always, action: 'fail' },
  { name: 'deposit refunded', record: 'reservation', event: 'refunded', when: always, action: 'record-refund' },
]

export type NoticeDecision = { readonly action: Exclude<NoticeAction, 'ignore'>; readonly rule: string } | { readonly action: 'ignore'; readonly rule: string; readonly outcome: string }

/** What the notice means for the record: the first rule of NOTICE_RULES that holds. */
export function decidePaymentNotice(facts: NoticeFacts): NoticeDecision {
  const rule = NOTICE_RULES.find((r) => r.record === facts.record && r.event === facts.event && r.when(facts))
  // Every record and event ends in an `always` rule, so one is always found.
  if (!rule) throw new Error(`no payment notice rule for ${facts.record} ${facts.event}`)
  return rule.action === 'ignore' ? { action: 'ignore', rule: rule.name, outcome: rule.outcome?.(facts) ?? 'nothing to change' } : { action: rule.action, rule: rule.name }
}
