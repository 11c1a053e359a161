// A change the shop makes to a record by itself, declared as data: the states it may start from, the state it
// ends in, what happens to the units the record holds, who makes it and what its history says. The tables
// (LIFECYCLE for orders, RESERVATION_LIFECYCLE, BOOKING_NOTES) are pure; one runner
// (features/records/transition.server.ts) claims, moves stock, records, makes pages stale and notifies.

/** Ledger states a record's units can be put back on the shelf from. */
export type UnitState = 'held' | 'sold'

export type ActorKind = 'staff' | 'provider' | 'timer' | 'customer' | 'stock feed' | 'record'

export interface Transition<S extends string = string> {
  readonly from: readonly S[]
  readonly to: S
  /** The record's units: sold (held → sold), or put back on the shelf from these ledger states. Omitted: they stay. */
  readonly stock?: 'sell' | readonly UnitState[]
  /** Who makes the change when no signed-in user does (shown in the history). */
  readonly actor?: string
  /** Which kind of actor makes it: staff, the payment provider, a timer, the customer, the dealer's stock feed, or another record. */
  readonly by?: ActorKind
  /** The history note, from the facts of this change (the amount, the provider's reference...). */
  readonly note?: (facts: never) => string
}

/** A record's states in their declared order (the keys of its state table). */
export function statesOf<S extends string>(table: { readonly [K in S]: { readonly label: string } }): S[] {
  return Object.keys(table) as S[]
}

/** An admin select's options from a record's state table: each state's value and label, in the declared order. */
export function stateOptions<S extends string>(table: { readonly [K in S]: { readonly label: string } }): { label: string; value: S }[] {
  return statesOf(table).map((value) => ({ label: table[value].label, value }))
}

/** The stock state a record is left in by a transition's move of its units (none when its units stay). */
export function stockStateAfter(transition: { readonly stock?: Transition['stock']; readonly to?: string }): 'committed' | 'released' | undefined {
  if (!transition.stock) return undefined
  return transition.stock === 'sell' ? 'committed' : 'released'
}

/** Whether a record in `status` may still make this change (its claim in the database asks the same). */
export function mayMake<S extends string>(transition: Pick<Transition<S>, 'from'>, status: S): boolean {
  return transition.from.includes(status)
}

/** The note on a record whose held unit a lower stock count could not withdraw by itself (money or a decision is involved). */
export const OVER_HELD_NOTE = 'The dealer’s stock count is below the units held, and this hold was kept because money or a decision is involved: check the unit is really there before completing it.'
