// The changes the shop makes to a reservation by itself (deposit paid, failed, refunded; cancelled by the
// customer, expired, released, handed back by its order), declared as data with their notes; staff changes
// are checked by `checkStaffChange` in reservation-rules.ts. features/reservations/reservation-lifecycle.server.ts
// runs them through the one record lifecycle.
import type { Transition } from '../lifecycle'
import { RESERVATION_PAYMENT_MINUTES, type ReservationStatus } from './reservation-rules'

interface Money {
  readonly amountPence: number
  readonly provider: string
}

export const RESERVATION_LIFECYCLE = {
  /** The deposit was paid: the bike is held until the hold ends (hold hours from settings, `holdEndsAt`). */
  depositPaid: { from: ['awaiting_payment'], to: 'active', actor: 'payment webhook', by: 'provider', note: (p: Money & { reference: string; until: string }) => `Deposit of ${p.amountPence}p paid (${p.provider} ${p.reference}); bike held until ${p.until}.` },
  depositFailed: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'payment webhook', by: 'provider', note: (message: string) => `Deposit payment failed: ${message} Bike released.` },
  /** A refund made outside the shop (the provider's dashboard) while the bike is still held ends the reservation. */
  refundReported: { from: ['active'], to: 'cancelled', stock: ['held'], actor: 'payment webhook', by: 'provider', note: (p: Money) => `Refund of ${p.amountPence}p reported by ${p.provider}: reservation ended, bike released.` },
  cancelledUnpaid: { from: ['awaiting_payment'], to: 'cancelled', stock: ['held'], actor: 'customer', by: 'customer', note: () => 'Cancelled by the customer before paying; nothing was charged. Bike back on sale.' },
  paymentExpired: {
    from: ['awaiting_payment'],
    to: 'expired',
    stock: ['held'],
    actor: 'hold expiry', by: 'timer',
    note: () => `Deposit not paid within ${RESERVATION_PAYMENT_MINUTES} minutes; the provider confirmed no payment and open payments were cancelled. Bike back on sale.`,
  },
  /** An order that completed the reservation did not go through: the bike is held for the reservation again. */
  orderReturned: { from: ['converted'], to: 'active', actor: 'order', by: 'record', note: (p: { orderNumber: string; why: string }) => `Order ${p.orderNumber} ${p.why}: the bike is held for this reservation again.` },
} as const satisfies Record<string, Transition<ReservationStatus>>

/** Endings of an active reservation without a sale: the bike goes back and the deposit is refunded. */
export type ReservationEnding = 'cancelled' | 'expired' | 'released'

export const RESERVATION_ENDINGS = {
  cancelled: { from: ['active'], to: 'cancelled', stock: ['held'], actor: 'customer', by: 'customer', note: () => 'Cancelled by the customer; deposit to be refunded.' },
  expired: { from: ['active'], to: 'expired', stock: ['held'], actor: 'hold expiry', by: 'timer', note: () => 'The hold ended without a sale; deposit to be refunded.' },
  released: { from: ['active'], to: 'released', stock: ['held'], actor: 'staff', by: 'staff', note: () => '' },
} as const satisfies Record<ReservationEnding, Transition<ReservationStatus>>

/** The other notes the reservation lifecycle writes: money that cannot be kept, and refunds. */
export const RESERVATION_NOTES = {
  depositPaymentExpired: `Deposit not paid within ${RESERVATION_PAYMENT_MINUTES} minutes.`,
  ended: (note: string) => `${note} Bike back on sale.`,
  amountMismatch: (paid: number, deposit: number) => `Payment of ${paid}p does not match the deposit ${deposit}p; staff must check it.`,
  lateDeposit: 'Deposit arrived after the reservation had ended unpaid: it is refunded automatically.',
  refunded: (owed: number, provider: string, refundId: string) => `Deposit of ${owed}p refunded to the card through ${provider} (${refundId}).`,
  refundFailed: (message: string) => `Deposit refund FAILED (retried automatically; staff may refund by hand): ${message}`,
  whyOrderReturned: (kind: 'finance' | 'showroom' | 'card') => (kind === 'finance' ? 'did not go ahead' : kind === 'showroom' ? 'was cancelled' : 'was not paid'),
} as const

/** Whether a reservation in this status ended without a sale, so a paid deposit is owed back. */
export function owesDepositBack(status: ReservationStatus): status is ReservationEnding {
  return status in RESERVATION_ENDINGS
}
