// A Cycle to Work certificate's life on an order, declared once as data. It is submitted with the order, which
// holds its stock while staff confirm it with the scheme (there is no public API to check one); confirmed, it
// lets the order proceed; refused or not confirmed in time, the order is cancelled and its stock released. A
// cancelled or returned order's certificate goes back through the scheme: the customer is never refunded money
// they did not pay.
import type { Transition } from '../lifecycle'

export const CERTIFICATE_STATES = ['submitted', 'confirmed', 'refused', 'lapsed', 'returned_to_scheme'] as const
export type CertificateState = (typeof CERTIFICATE_STATES)[number]

/** How staff and customers read each state. */
export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  submitted: 'Waiting for staff to confirm it with the scheme',
  confirmed: 'Confirmed with the scheme',
  refused: 'Refused',
  lapsed: 'Not used',
  returned_to_scheme: 'Returned through the scheme',
}

/** The admin select's options, in the declared order. */
export const certificateStateOptions = (): { label: string; value: CertificateState }[] => CERTIFICATE_STATES.map((value) => ({ label: CERTIFICATE_STATE_LABELS[value], value }))

export const FINAL_CERTIFICATE_STATES: readonly CertificateState[] = ['refused', 'lapsed', 'returned_to_scheme']

export const CERTIFICATE_TRANSITIONS = {
  submit: { from: [], to: 'submitted', actor: 'customer', note: (p: { scheme: string; number: string; amount: string }) => `${p.scheme} certificate ${p.number} for ${p.amount} submitted; waiting for staff to confirm it with the scheme.` },
  confirm: { from: ['submitted'], to: 'confirmed', actor: 'staff', note: (p: { scheme: string }) => `Certificate confirmed with ${p.scheme}.` },
  refuse: { from: ['submitted'], to: 'refused', actor: 'staff', stock: ['held'], note: (p: { reason: string }) => `Certificate refused: ${p.reason}` },
  lapse: { from: ['submitted'], to: 'lapsed', actor: 'hold expiry', stock: ['held'], note: () => 'The certificate was not confirmed in time; the stock went back on sale.' },
  /** The order ended before staff confirmed the certificate (its card balance failed or was never paid): it was not redeemed. */
  orderEnded: { from: ['submitted'], to: 'lapsed', actor: 'payment webhook', note: (p: { why: string }) => `The order ended before the certificate was confirmed (${p.why}): it was not redeemed, and the customer may use it again.` },
  returnToScheme: { from: ['confirmed'], to: 'returned_to_scheme', actor: 'staff', note: (p: { scheme: string; amount: string }) => `Certificate value ${p.amount} handed back through ${p.scheme}; no money goes to the customer for it.` },
} as const satisfies Record<string, Transition<CertificateState>>

export type CertificateTransitionName = keyof typeof CERTIFICATE_TRANSITIONS

/** The state after `name`, or null when a certificate in `state` may not make it. */
export function nextCertificateState(state: CertificateState | null, name: CertificateTransitionName): CertificateState | null {
  const transition = CERTIFICATE_TRANSITIONS[name]
  if (state === null) return transition.from.length === 0 ? transition.to : null
  return (transition.from as readonly CertificateState[]).includes(state) ? transition.to : null
}

/** The changes a certificate in `state` may still make. */
export function certificateTransitionsFrom(state: CertificateState): CertificateTransitionName[] {
  return (Object.keys(CERTIFICATE_TRANSITIONS) as CertificateTransitionName[]).filter((name) => (CERTIFICATE_TRANSITIONS[name].from as readonly CertificateState[]).includes(state))
}

/** Whether an order paid (in part) by this certificate may ship: only once staff confirmed it. */
export function certificateLetsOrderProceed(state: CertificateState | null | undefined): boolean {
  return state === 'confirmed'
}
