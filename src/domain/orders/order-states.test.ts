// The declared states of every record are complete: each has a label, every flag, and a rule that brings it in and
// (unless it is final) one that takes it out; and the database's statuses (the generated types, from the
// migrations) are exactly the declared ones. Adding a state is one row of its table plus a migration pair (ADR 056).
import { describe, expect, it } from 'vitest'
import type { Booking, Order, Reservation } from '../../payload-types'
import { JOB_STATES, JOB_STATUSES, type JobStatus } from '../booking/job-status'
import type { Transition } from '../lifecycle'
import { RESERVATION_ENDINGS, RESERVATION_LIFECYCLE } from '../reservations/reservation-lifecycle'
import { RESERVATION_STATES, RESERVATION_STATUS_VALUES, type ReservationStatus } from '../reservations/reservation-rules'
import { FINANCE_STATES, FINANCE_STATUS_VALUES, LIFECYCLE, ORDER_START, ORDER_STATES, ORDER_STATUS_VALUES, staffTransition, type FinanceStatus, type OrderState, type OrderStatus } from './order-status'

// Compile-time: a state declared here but missing from the schema (or the other way round) fails `tsc`.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const schemaMatches: [Same<Order['status'], OrderStatus>, Same<NonNullable<Order['financeStatus']>, FinanceStatus>, Same<Reservation['status'], ReservationStatus>, Same<Booking['status'], JobStatus>] = [true, true, true, true]

const FLAGS = ['paid', 'releasesStock', 'tellsCustomer', 'final'] as const satisfies readonly (keyof OrderState)[]
const ACTORS = ['staff', 'provider', 'timer', 'customer', 'stock feed', 'record']

/** Checks a declared table: labels, flags, and that every state is entered by a rule and left by one unless final. */
function completenessProblems(states: Record<string, { label: string } & Record<string, unknown>>, flags: readonly string[], rules: readonly { from: readonly string[]; to: string }[], start: readonly string[], final: (state: string) => boolean): string[] {
  const problems: string[] = []
  const names = Object.keys(states)
  const labels = names.map((s) => states[s]!.label)
  for (const state of names) {
    if (typeof states[state]!.label !== 'string' || !states[state]!.label.trim()) problems.push(`${state}: no label`)
    for (const flag of flags) if (typeof states[state]![flag] !== 'boolean') problems.push(`${state}: flag ${flag} not declared`)
    for (const rule of rules) for (const s of [...rule.from, rule.to]) if (!names.includes(s)) problems.push(`a rule names an undeclared state ${s}`)
    if (!start.includes(state) && !rules.some((r) => r.to === state)) problems.push(`${state}: no rule brings a record into it`)
    const out = rules.some((r) => r.from.includes(state) && r.to !== state)
    if (final(state) && out) problems.push(`${state}: declared final, but a rule leaves it`)
    if (!final(state) && !out) problems.push(`${state}: no rule leaves it and it is not declared final`)
  }
  if (new Set(labels).size !== labels.length) problems.push('two states share a label')
  return [...new Set(problems)]
}

const orderRules = (): { from: OrderStatus[]; to: OrderStatus }[] => [
  ...ORDER_STATUS_VALUES.flatMap((from) => [...ORDER_STATES[from].staff.card, ...ORDER_STATES[from].staff.finance].map((to) => ({ from: [from], to }))),
  ...Object.values(LIFECYCLE).map((t) => ({ from: [...t.from], to: t.to })),
]

describe('the declared states of an order', () => {
  it('match the database schema (checked by tsc)', () => {
    expect(schemaMatches).toEqual([true, true, true, true])
  })

  it('each have a label, every flag, and rules in and out', () => {
    expect(completenessProblems(ORDER_STATES, FLAGS, orderRules(), Object.values(ORDER_START), (s) => ORDER_STATES[s as OrderStatus].final)).toEqual([])
  })

  it('give every change the shop makes itself an actor kind, a history actor and a note', () => {
    for (const [name, t] of Object.entries(LIFECYCLE) as [string, Transition][]) {
      expect(ACTORS, name).toContain(t.by)
      expect(t.actor, name).toBeTruthy()
      expect(typeof t.note, name).toBe('function')
    }
  })

  it('give every staff move its actor, its stock movement and a note', () => {
    for (const kind of ['card', 'finance'] as const) {
      for (const from of ORDER_STATUS_VALUES) {
        for (const to of ORDER_STATES[from].staff[kind]) {
          const t = staffTransition(kind, from, to)
          expect(t, `${kind} ${from} → ${to}`).toMatchObject({ from: [from], to, by: 'staff', actor: 'staff' })
          expect(t?.stock, `${kind} ${from} → ${to}`).toEqual(ORDER_STATES[to].releasesStock && !ORDER_STATES[from].releasesStock ? ['held', 'sold'] : undefined)
          expect(t?.note()).toBe('Status changed by staff.')
        }
      }
    }
    expect(staffTransition('card', 'awaiting_payment', 'paid')).toBeNull()
  })

  it('fail the check when a state lacks a label, a flag or a rule', () => {
    const start = Object.values(ORDER_START)
    const final = (s: string) => ORDER_STATES[s as OrderStatus]?.final ?? false
    const awaitingParts = { ...ORDER_STATES, awaiting_parts: { label: 'Awaiting parts', paid: true, releasesStock: false, tellsCustomer: true, final: false, staff: { card: [], finance: [] } } }
    // A new state with its row but no rule in or out.
    expect(completenessProblems(awaitingParts, FLAGS, orderRules(), start, final)).toEqual(['awaiting_parts: no rule brings a record into it', 'awaiting_parts: no rule leaves it and it is not declared final'])
    // Its rules added (processing → awaiting parts → ready for collection): complete.
    const withRules = [...orderRules(), { from: ['processing'], to: 'awaiting_parts' }, { from: ['awaiting_parts'], to: 'ready_for_collection' }]
    expect(completenessProblems(awaitingParts, FLAGS, withRules, start, final)).toEqual([])
    // A row without a label or a flag.
    const { tellsCustomer: _dropped, ...noFlag } = awaitingParts.awaiting_parts
    expect(completenessProblems({ ...awaitingParts, awaiting_parts: { ...noFlag, label: '' } }, FLAGS, withRules, start, final)).toEqual(['awaiting_parts: no label', 'awaiting_parts: flag tellsCustomer not declared'])
  })
})

describe('the declared states of finance applications, reservations and bookings', () => {
  it('each have a label, every flag, and rules in and out', () => {
    const finance = FINANCE_STATUS_VALUES.flatMap((from) => FINANCE_STATES[from].next.map((to) => ({ from: [from], to })))
    expect(completenessProblems(FINANCE_STATES, ['releasesStock'], finance, ['submitted'], (s) => FINANCE_STATES[s as FinanceStatus].next.length === 0)).toEqual([])

    const reservation = [
      ...RESERVATION_STATUS_VALUES.flatMap((from) => RESERVATION_STATES[from].staff.map((to) => ({ from: [from], to }))),
      ...[...Object.values(RESERVATION_LIFECYCLE), ...Object.values(RESERVATION_ENDINGS)].map((t) => ({ from: [...t.from], to: t.to })),
    ]
    // Ended reservations are final (converted is left only when its order hands the bike back).
    expect(completenessProblems(RESERVATION_STATES, ['customerMayCancel'], reservation, ['awaiting_payment'], (s) => ['cancelled', 'expired', 'released'].includes(s))).toEqual([])

    const booking = JOB_STATUSES.flatMap((from) => [...JOB_STATES[from].next.service, ...JOB_STATES[from].next.test_ride].map((to) => ({ from: [from], to })))
    expect(completenessProblems(JOB_STATES, ['holdsCapacity', 'customerMayChange'], booking, ['booked'], (s) => JOB_STATES[s as JobStatus].next.service.length + JOB_STATES[s as JobStatus].next.test_ride.length === 0)).toEqual([])
  })
})
