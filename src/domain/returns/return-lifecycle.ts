// A return's life, declared once as data: the states a return record can be in, and every change between them
// with who makes it and what its history says. The workflow (records, screens, refunds through the payment
// provider) is built on this table; nothing here touches a database.
import type { Transition } from '../lifecycle'

export const RETURN_STATES = ['requested', 'received', 'refunded', 'rejected'] as const
export type ReturnState = (typeof RETURN_STATES)[number]

/** Why the customer sends goods back: the 14-day cancellation right, or a fault (Consumer Rights Act 2015). */
export type ReturnGround = 'cancellation' | 'fault'

/** A state no change leaves. */
export const FINAL_RETURN_STATES: readonly ReturnState[] = ['refunded', 'rejected']

/**
 * Every change of a return. `request` opens the record (it starts from no state); the rest move an open one.
 * A refund may come before the goods do: the Consumer Contracts Regulations 2013 (reg. 34) let the trader wait
 * for the goods or for evidence they were sent back, whichever comes first, and goods never delivered have
 * nothing to wait for; `mayRefundBeforeReceipt` says when.
 */
export const RETURN_TRANSITIONS = {
  request: { from: [], to: 'requested', actor: 'customer', note: (p: { ground: ReturnGround; items: string }) => `Return requested (${p.ground === 'cancellation' ? 'cancellation within 14 days' : 'faulty goods'}): ${p.items}.` },
  receive: { from: ['requested'], to: 'received', actor: 'staff', note: (p: { day: string }) => `Goods received back on ${p.day}.` },
  refund: { from: ['requested', 'received'], to: 'refunded', actor: 'staff', note: (p: { amount: string; deduction?: string }) => `Refunded ${p.amount}${p.deduction ? ` after a deduction: ${p.deduction}` : ''}.` },
  reject: { from: ['requested', 'received'], to: 'rejected', actor: 'staff', note: (p: { reason: string }) => `Return rejected: ${p.reason}` },
} as const satisfies Record<string, Transition<ReturnState>>

export type ReturnTransitionName = keyof typeof RETURN_TRANSITIONS

/** The changes a return in `state` may still make (none once refunded or rejected). */
export function returnTransitionsFrom(state: ReturnState): ReturnTransitionName[] {
  return (Object.keys(RETURN_TRANSITIONS) as ReturnTransitionName[]).filter((name) => (RETURN_TRANSITIONS[name].from as readonly ReturnState[]).includes(state))
}

/** The state after `name`, or null when a return in `state` may not make it (a refunded return is never rejected). */
export function nextReturnState(state: ReturnState | null, name: ReturnTransitionName): ReturnState | null {
  const transition = RETURN_TRANSITIONS[name]
  if (state === null) return transition.from.length === 0 ? transition.to : null
  return (transition.from as readonly ReturnState[]).includes(state) ? transition.to : null
}

/** A requested return may be refunded before its goods arrive when they never left, or the customer proved they were sent. */
export function mayRefundBeforeReceipt(facts: { readonly goodsDelivered: boolean; readonly proofOfReturnGiven: boolean }): boolean {
  return !facts.goodsDelivered || facts.proofOfReturnGiven
}
