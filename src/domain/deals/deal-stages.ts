// A deal's life, declared once as data: one deal per customer and bike, from the first step the customer takes
// (an enquiry, a valuation, a reservation, a finance application, a test ride) to the handover. The stages are
// STAGES; every change between them is a row of DEAL_TRANSITIONS, made by staff in the deal hub or by a step the
// customer takes. The collection's options, the staff hook, the customer's page and the hub all read these tables.
import { stateOptions, statesOf, type Transition } from '../lifecycle'

export type DealStage = 'new' | 'contacted' | 'test_ride' | 'finance_submitted' | 'approved' | 'ready_for_handover' | 'handed_over' | 'lost'

export interface DealStageInfo {
  readonly label: string
  /** What the customer reads on their deal page as the next thing that happens. */
  readonly next: string
  /** No step of the customer's moves a deal out of it (staff may still reopen a lost deal). */
  readonly final: boolean
  /** Staff moving a deal into this stage emails the customer. */
  readonly tellsCustomer: boolean
}

export const DEAL_STAGES = {
  new: { label: 'New', next: 'We will be in touch within one working day to talk it through.', final: false, tellsCustomer: false },
  contacted: { label: 'Contacted', next: 'Book a test ride, apply for finance or reserve the bike when you are ready.', final: false, tellsCustomer: false },
  test_ride: { label: 'Test ride', next: 'Enjoy your test ride. Afterwards, apply for finance or reserve the bike.', final: false, tellsCustomer: false },
  finance_submitted: { label: 'Finance submitted', next: 'The lender is considering your application; we will tell you their answer.', final: false, tellsCustomer: false },
  approved: { label: 'Approved', next: 'Your finance is approved. We are preparing the bike for you.', final: false, tellsCustomer: false },
  ready_for_handover: { label: 'Ready for handover', next: 'Your bike is ready. We will agree the handover day with you.', final: false, tellsCustomer: true },
  handed_over: { label: 'Handed over', next: 'Enjoy the ride. Your documents are in your account.', final: true, tellsCustomer: false },
  lost: { label: 'Lost', next: 'This deal is closed. Contact us if you would like to pick it up again.', final: true, tellsCustomer: false },
} as const satisfies { readonly [S in DealStage]: DealStageInfo }

export const DEAL_STAGE_VALUES = statesOf<DealStage>(DEAL_STAGES)

/** The admin select's options, in the declared order. */
export const dealStageOptions = (): { label: string; value: DealStage }[] => stateOptions<DealStage>(DEAL_STAGES)

export function isDealStage(value: unknown): value is DealStage {
  return typeof value === 'string' && (DEAL_STAGE_VALUES as readonly string[]).includes(value)
}

/** What a customer did that joins a deal (and starts one when none is open for them and the bike). */
export type DealStep = 'enquiry' | 'valuation' | 'reservation' | 'finance_started' | 'checkout_started' | 'finance_application' | 'finance_approved' | 'test_ride' | 'paid'

export const DEAL_STEP_LABELS: Readonly<Record<DealStep, string>> = {
  enquiry: 'Asked about the bike',
  valuation: 'Valued a part-exchange',
  reservation: 'Reserved the bike',
  finance_started: 'Started a finance application',
  checkout_started: 'Started checking out',
  finance_application: 'Applied for finance',
  finance_approved: 'Finance approved by the lender',
  test_ride: 'Booked a test ride',
  paid: 'Paid for the bike',
}

/** A stored step's label for staff, or null for a value that is not a step. */
export function dealStepLabel(value: unknown): string | null {
  return typeof value === 'string' && Object.hasOwn(DEAL_STEP_LABELS, value) ? DEAL_STEP_LABELS[value as DealStep] : null
}

/**
 * Every change of a deal's stage. Staff moves are made in the deal hub; a lost deal needs a reason. The
 * customer's steps move a deal forward only (`advance*`), and a step on a lost deal reopens it.
 */
export const DEAL_TRANSITIONS = {
  contact: { from: ['new', 'lost'], to: 'contacted', by: 'staff', note: (f: { note?: string }) => f.note ?? 'Customer contacted.' },
  bookTestRide: { from: ['new', 'contacted'], to: 'test_ride', by: 'staff', note: () => 'Test ride arranged.' },
  submitFinance: { from: ['new', 'contacted', 'test_ride'], to: 'finance_submitted', by: 'staff', note: () => 'Finance application submitted.' },
  approve: { from: ['finance_submitted'], to: 'approved', by: 'staff', note: () => 'Finance approved.' },
  declineFinance: { from: ['finance_submitted', 'approved'], to: 'contacted', by: 'staff', note: (f: { note?: string }) => f.note ?? 'Finance not approved: back to the customer.' },
  prepare: { from: ['contacted', 'test_ride', 'approved'], to: 'ready_for_handover', by: 'staff', note: () => 'Bike prepared: ready for handover.' },
  handOver: { from: ['ready_for_handover'], to: 'handed_over', by: 'staff', note: () => 'Bike handed over.' },
  lose: { from: ['new', 'contacted', 'test_ride', 'finance_submitted', 'approved', 'ready_for_handover'], to: 'lost', by: 'staff', note: (f: { reason: string }) => `Deal lost: ${f.reason}` },
  advanceToTestRide: { from: ['new', 'contacted', 'lost'], to: 'test_ride', by: 'customer', note: () => DEAL_STEP_LABELS.test_ride },
  advanceToFinance: { from: ['new', 'contacted', 'test_ride', 'lost'], to: 'finance_submitted', by: 'customer', note: () => DEAL_STEP_LABELS.finance_application },
  advanceToApproved: { from: ['new', 'contacted', 'test_ride', 'finance_submitted'], to: 'approved', by: 'provider', note: () => DEAL_STEP_LABELS.finance_approved },
  reopen: { from: ['lost'], to: 'new', by: 'customer', note: () => 'Reopened by the customer.' },
} as const satisfies Record<string, Transition<DealStage>>

export type DealTransitionName = keyof typeof DEAL_TRANSITIONS

/** The stage each step moves a deal to, when it moves it at all. */
const STEP_TRANSITION: Readonly<Partial<Record<DealStep, DealTransitionName>>> = {
  test_ride: 'advanceToTestRide',
  finance_application: 'advanceToFinance',
  finance_approved: 'advanceToApproved',
}

/**
 * The change a step makes to a deal in `stage`, or null when it leaves the stage as it is: a step moves a deal
 * forward only, never back (a test ride booked after the finance was approved changes nothing), and any step on a
 * lost deal reopens it.
 */
export function stepTransition(stage: DealStage, step: DealStep): DealTransitionName | null {
  const name = STEP_TRANSITION[step]
  if (name && (DEAL_TRANSITIONS[name].from as readonly DealStage[]).includes(stage)) return name
  return stage === 'lost' ? 'reopen' : null
}

/** The stages staff may move a deal in `stage` to, in the declared order of the stages. */
export function staffMovesFrom(stage: DealStage): DealStage[] {
  const targets = new Set<DealStage>()
  for (const t of Object.values(DEAL_TRANSITIONS)) if (t.by === 'staff' && (t.from as readonly DealStage[]).includes(stage)) targets.add(t.to)
  return DEAL_STAGE_VALUES.filter((s) => targets.has(s))
}

export type StageMoveCheck = { readonly ok: true; readonly transition: DealTransitionName } | { readonly ok: false; readonly message: string }

/** Whether staff may move a deal from `from` to `to`: a declared move, and a reason when the deal is lost. */
export function checkStaffMove(from: DealStage, to: DealStage, facts: { readonly lostReason?: string | null }): StageMoveCheck {
  if (from === to) return { ok: false, message: `The deal is already “${DEAL_STAGES[to].label}”.` }
  const entry = (Object.entries(DEAL_TRANSITIONS) as [DealTransitionName, Transition<DealStage>][]).find(([, t]) => t.by === 'staff' && t.to === to && t.from.includes(from))
  if (!entry) {
    const allowed = staffMovesFrom(from).map((s) => `“${DEAL_STAGES[s].label}”`)
    return { ok: false, message: `A deal that is “${DEAL_STAGES[from].label}” cannot move to “${DEAL_STAGES[to].label}”.${allowed.length ? ` It can move to ${allowed.join(', ')}.` : ''}` }
  }
  if (to === 'lost' && !facts.lostReason?.trim()) return { ok: false, message: 'Say why the deal was lost.' }
  return { ok: true, transition: entry[0] }
}

/** One deal per customer and bike: the key that makes it so (an email is compared without case or spaces). */
export function dealKey(email: string, productId: number): string {
  return `${email.trim().toLowerCase()}|${productId}`
}

/** Whether a deal waits past its next action's due time. */
export function isOverdue(deal: { readonly stage: DealStage; readonly nextActionDue?: string | null }, now: Date): boolean {
  if (DEAL_STAGES[deal.stage].final || !deal.nextActionDue) return false
  const due = Date.parse(deal.nextActionDue)
  return Number.isFinite(due) && due < now.getTime()
}

/** The hub's order: deals past their next action first (longest waiting first), then by due date, then newest. */
export function hubOrder<D extends { readonly stage: DealStage; readonly nextActionDue?: string | null; readonly createdAt: string }>(deals: readonly D[], now: Date): D[] {
  const due = (d: D) => (d.nextActionDue ? Date.parse(d.nextActionDue) : Number.POSITIVE_INFINITY)
  return [...deals].sort((a, b) => {
    const late = Number(isOverdue(b, now)) - Number(isOverdue(a, now))
    if (late !== 0) return late
    const byDue = due(a) - due(b)
    if (byDue !== 0 && Number.isFinite(byDue)) return byDue
    if (due(a) !== due(b)) return Number.isFinite(due(a)) ? -1 : 1
    return b.createdAt.localeCompare(a.createdAt)
  })
}
