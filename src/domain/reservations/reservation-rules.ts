// Reserving a bike online: which products may be reserved, the deposit, how long the bike is
// kept, who may cancel when, and how the deposit counts towards the sale. Pure: no framework, no clock.
import { BIKE_KINDS, type ProductKind } from '../catalogue/product-kind'
import { ORDER_NUMBER_ALPHABET, generateOrderNumber } from '../orders/order-number'
import { CANCELLATION_DAYS } from '../consumer-rights'
import { stateOptions, statesOf } from '../lifecycle'

/** How long an unpaid reservation keeps its bike while the customer pays the deposit (as card orders). */
export const RESERVATION_PAYMENT_MINUTES = 15
/** Reservations one email address or account may have open (awaiting payment or active) at once. */
export const MAX_OPEN_RESERVATIONS_PER_CUSTOMER = 2
/** Staff settings' bounds and defaults. */
export const DEFAULT_DEPOSIT_PENCE = 9900
export const DEFAULT_HOLD_HOURS = 72
/** A paid hold never outlasts the cancellation period unless staff extend it. */
export const MAX_HOLD_HOURS = CANCELLATION_DAYS * 24

export const RESERVATION_PREFIX = 'RS-'
const NUMBER_PATTERN = new RegExp(`^${RESERVATION_PREFIX}[${ORDER_NUMBER_ALPHABET}]{6}$`)

export type ReservationStatus = 'awaiting_payment' | 'active' | 'converted' | 'cancelled' | 'expired' | 'released'

/** One state of a reservation: its label, whether the customer may still cancel it, and where staff may move it. */
export interface ReservationState {
  readonly label: string
  /** The customer may cancel it (from the emailed link or their account): it still holds the bike for them. */
  readonly customerMayCancel: boolean
  /** The states staff may move it to in the admin (a release needs a reason; see checkStaffChange). */
  readonly staff: readonly ReservationStatus[]
}

/**
 * Every state of a reservation, declared once: the collection's options, the customer's and staff's checks read
 * it; the changes the shop makes itself are RESERVATION_LIFECYCLE and RESERVATION_ENDINGS (reservation-lifecycle.ts).
 */
export const RESERVATION_STATES = {
  awaiting_payment: { label: 'Awaiting deposit', customerMayCancel: true, staff: [] },
  active: { label: 'Active (bike held)', customerMayCancel: true, staff: ['converted', 'released'] },
  converted: { label: 'Converted to a sale', customerMayCancel: false, staff: [] },
  cancelled: { label: 'Cancelled by the customer', customerMayCancel: false, staff: [] },
  expired: { label: 'Expired', customerMayCancel: false, staff: [] },
  released: { label: 'Released by staff', customerMayCancel: false, staff: [] },
} as const satisfies { readonly [S in ReservationStatus]: ReservationState }

export const RESERVATION_STATUS_VALUES = statesOf<ReservationStatus>(RESERVATION_STATES)

/** The admin select's options, in the declared order. */
export const reservationStatusOptions = (): { label: string; value: ReservationStatus }[] => stateOptions<ReservationStatus>(RESERVATION_STATES)

/** A new reservation number ("RS-7K3F9Q") in the order numbers' style. */
export function generateReservationNumber(randomBytes: (size: number) => Uint8Array): string {
  return `${RESERVATION_PREFIX}${generateOrderNumber(randomBytes).slice(3)}`
}

export function isReservationNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value)
}

/** Only bikes are reserved: motorcycles, scooters, bicycles and e-bikes, never rider wear or accessories. */
export function isReservableKind(kind: ProductKind | null | undefined): boolean {
  return kind != null && BIKE_KINDS.includes(kind)
}

export interface DepositInput {
  readonly kind: ProductKind | null | undefined
  /** The bike's price; a bike without one cannot be reserved online. */
  readonly pricePence: number | null | undefined
  readonly stockQuantity: number | null | undefined
  /** Site settings: reservations offered at all, the usual deposit. */
  readonly enabled: boolean
  readonly settingsDepositPence: number | null | undefined
  /** A product's own deposit; 0 means "not reserved online". */
  readonly productDepositPence?: number | null
}

export type DepositDecision = { readonly ok: true; readonly depositPence: number } | { readonly ok: false; readonly reason: 'disabled' | 'not_a_bike' | 'no_price' | 'sold_out' | 'not_offered' }

/** Whether this product may be reserved now, and for what deposit (always less than the price). */
export function reservationDeposit(input: DepositInput): DepositDecision {
  if (!input.enabled) return { ok: false, reason: 'disabled' }
  if (!isReservableKind(input.kind)) return { ok: false, reason: 'not_a_bike' }
  if (input.pricePence == null || !Number.isSafeInteger(input.pricePence) || input.pricePence <= 0) return { ok: false, reason: 'no_price' }
  if (!input.stockQuantity || input.stockQuantity < 1) return { ok: false, reason: 'sold_out' }
  const own = input.productDepositPence
  const deposit = own != null ? own : (input.settingsDepositPence ?? DEFAULT_DEPOSIT_PENCE)
  if (!Number.isSafeInteger(deposit) || deposit <= 0 || deposit >= input.pricePence) return { ok: false, reason: 'not_offered' }
  return { ok: true, depositPence: deposit }
}

/** Hold hours from settings, within 1 hour and MAX_HOLD_HOURS. */
export function holdHours(settingsHours: number | null | undefined): number {
  const h = settingsHours ?? DEFAULT_HOLD_HOURS
  if (!Number.isFinite(h)) return DEFAULT_HOLD_HOURS
  return Math.min(MAX_HOLD_HOURS, Math.max(1, Math.floor(h)))
}

/** When an unpaid reservation gives its bike back. */
export function paymentDueAt(placedAt: Date): Date {
  return new Date(placedAt.getTime() + RESERVATION_PAYMENT_MINUTES * 60_000)
}

/** When a paid reservation's hold ends: the hold length counts from the payment. */
export function holdEndsAt(paidAt: Date, hours: number): Date {
  return new Date(paidAt.getTime() + holdHours(hours) * 3_600_000)
}

/** What ending a reservation means for the customer's money and the bike. */
export type Ending = 'cancelled' | 'expired' | 'released' | 'converted'

/**
 * The customer may cancel an unpaid reservation, and a paid one any time while it holds the bike (the hold
 * never outlasts the CANCELLATION_DAYS cancellation period unless staff extend it, and cancelling stays open then too).
 * A converted reservation is a sale and follows the order rules.
 */
export function customerMayCancel(status: ReservationStatus): boolean {
  return RESERVATION_STATES[status]?.customerMayCancel === true
}

/** Staff changes allowed in the admin: convert to a sale, release (with a reason), extend the hold. */
export function checkStaffChange(from: ReservationStatus, to: ReservationStatus, reason: string | null | undefined): { ok: true } | { ok: false; message: string } {
  if (from === to) return { ok: true }
  const moves: readonly ReservationStatus[] = RESERVATION_STATES[from]?.staff ?? []
  if (moves.length === 0) return { ok: false, message: `A ${from.replace('_', ' ')} reservation cannot be changed by staff; only active reservations can be converted or released.` }
  if (!moves.includes(to)) return { ok: false, message: `Staff may only convert an active reservation to a sale or release it, not mark it ${to}.` }
  if (to === 'released' && (!reason || reason.trim().length < 3)) return { ok: false, message: 'Give a reason (at least 3 characters) to release a reservation.' }
  return { ok: true }
}

/** The deposit taken off an order's total; never more than the total (the rest would be refunded). */
export function depositDeduction(orderTotalPence: number, depositPence: number): number {
  if (!Number.isSafeInteger(orderTotalPence) || !Number.isSafeInteger(depositPence) || depositPence <= 0 || orderTotalPence <= 0) return 0
  return Math.min(orderTotalPence, depositPence)
}

/**
 * What is left to pay on a reserved bike: its headline price (ADR 023, charges included) less the deposit,
 * the same figure a card checkout of the reservation charges (its total less `depositDeduction`).
 */
export function leftToPayPence(headlinePricePence: number, depositPence: number): number {
  return Math.max(0, headlinePricePence - depositDeduction(headlinePricePence, depositPence))
}

/**
 * A finance application for a reserved bike (UK hire purchase): the reservation deposit already paid is part
 * of the customer's deposit, never an extra. The deposit on the agreement is what the customer asked for, and
 * at least the reservation deposit; the lender advances the cash price less that whole deposit, and the
 * customer pays the deposit less the reservation deposit when the agreement is signed.
 */
export function financeDepositWithReservation(requestedDepositPence: number, reservationDepositPence: number): number {
  const requested = Number.isSafeInteger(requestedDepositPence) && requestedDepositPence > 0 ? requestedDepositPence : 0
  const paid = Number.isSafeInteger(reservationDepositPence) && reservationDepositPence > 0 ? reservationDepositPence : 0
  return Math.max(requested, paid)
}

/** Whether a finance quote's deposit includes the reservation deposit (so the amount financed is reduced by it). */
export function quoteIncludesReservationDeposit(quoteDepositPence: number, reservationDepositPence: number): boolean {
  return Number.isSafeInteger(quoteDepositPence) && quoteDepositPence >= reservationDepositPence
}

const ukFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })

/** "Thursday 26 November 2026 at 21:50 (UK time)": always in Europe/London, whatever the server's zone. */
export function formatUkDateTime(date: Date): string {
  const parts = Object.fromEntries(ukFormat.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} (UK time)`
}

/** The plain words shown beside "Reserve" and in the emails. */
export function reservationTerms(depositText: string, hours: number): string[] {
  const h = holdHours(hours)
  const length = h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'}` : `${h} hours`
  return [
    `We keep the bike for you for ${length} after you pay the ${depositText} deposit: nobody else can buy or reserve it.`,
    `The ${depositText} comes off the price when you buy it, online or in the shop.`,
    `Fully refundable: cancel any time before the hold ends, or simply don’t buy, and we refund the ${depositText} to your card automatically.`,
  ]
}
