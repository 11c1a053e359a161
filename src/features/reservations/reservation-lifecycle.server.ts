// What happens to a reservation after it is placed: deposit paid, failed, refunded; cancelled by the
// customer, expired, released or converted. The changes are declared in RESERVATION_LIFECYCLE and
// RESERVATION_ENDINGS (domain/reservations) and run by the record lifecycle (features/payments): each is claimed
// with a conditional update of the reservation row, so a repeated or racing event changes it once. The deposit is
// refunded only after a claim to an ending without a sale, with one idempotency key per reservation; a conversion
// claims 'active' too, so a deposit is either refunded once or counted towards the sale once, never both.
import 'server-only'
import type { Payload, Where } from 'payload'
import { historyEntry as entry } from '../../cms/fields/history'
import { DEFAULT_HOLD_HOURS, holdEndsAt } from '../../domain/reservations/reservation-rules'
import { owesDepositBack, RESERVATION_ENDINGS, RESERVATION_LIFECYCLE as LIFECYCLE, RESERVATION_NOTES as NOTES, type ReservationEnding } from '../../domain/reservations/reservation-lifecycle'
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock'
import type { Order, Reservation } from '../../payload-types'
import { paymentProvider, SHOWROOM_PROVIDER } from '../payments/providers.server'
import { amountMatches, applyNotice, findByNotice, type NoticeTarget, type PaymentNotice } from '../records/payment-notice.server'
import { decidePaymentNotice, type NoticeEvent, type NoticeFacts } from '../../domain/payments/notice-decision'
import { appendHistory, claim, handOver, makeStale, runTransition, sweep, type LifecycleDeps } from '../records/transition.server'
import { providerFor, refundAndNote, settleOpenPayments } from '../records/money-back.server'
import { orderStockRef } from '../stock/stock-ledger.server'
import type { OwnerChange } from '../records/owner-change.server'
import { queueReservationEmail } from './reservation-email.server'
import { reservationsOwingRefunds } from './reservation-rows.server'

export type ReservationOutcome = { readonly changed: boolean; readonly outcome: string; readonly reservationId?: number }

export const reservationStockRef = (id: number) => `reservation:${id}`
const recordOf = (id: number) => ({ table: 'reservations' as const, id, ref: reservationStockRef(id) })
const NO_RESERVATION: ReservationOutcome = { changed: false, outcome: 'no reservation with that number or payment reference' }

/* One change at a time per reservation in this process; the conditional updates guard across processes. */
export const withReservationLock: KeyedLock<number> = keyedLock<number>()

export const reloadReservation = (payload: Payload, id: number): Promise<Reservation> => payload.findByID({ collection: 'reservations', id, depth: 0, overrideAccess: true })

export const findReservation = (payload: Payload, notice: { orderNumber?: string; reference?: string }): Promise<Reservation | undefined> => findByNotice(payload, 'reservations', 'reservationNumber', notice)

/* Deposit payment --------------------------------------------------------------------------------- */

/** The facts a payment notice is decided on (domain/payments/notice-decision.ts), from the reservation as it is now. */
function noticeFacts(r: Reservation, event: NoticeEvent, notice: PaymentNotice, claimLost = false): NoticeFacts {
  return { event, record: 'reservation', paidByCard: true, status: r.status, expectedPence: r.depositPence, paidAt: Boolean(r.payment?.paidAt), reference: r.payment?.reference ?? null, notice, claimLost }
}

async function depositPaid(payload: Payload, r: Reservation, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<ReservationOutcome> {
  let decided = decidePaymentNotice(noticeFacts(r, 'succeeded', notice))
  if (decided.action === 'amount-mismatch') {
    await amountMatches(payload, { ...recordOf(r.id), status: r.status, number: r.reservationNumber }, r.depositPence, notice, NOTES.amountMismatch, now)
    return { changed: false, outcome: 'amount does not match the deposit', reservationId: r.id }
  }
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const until = holdEndsAt(now, settings.reservations?.holdHours ?? DEFAULT_HOLD_HOURS).toISOString()
  // One unit of work: the status, the hold's new end, the payment and the history move together, so a crash
  // right after it can never leave an active reservation with its 15-minute payment deadline.
  const payment = { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null }
  const paid = await runTransition(payload, recordOf(r.id), LIFECYCLE.depositPaid, { note: LIFECYCLE.depositPaid.note({ ...notice, until }), data: { stock: { holdExpiresAt: until }, payment } }, now)
  if (paid.ownerChanged) {
    await queueReservationEmail(payload, r.id, 'confirmed', deps)
    return { changed: true, outcome: 'deposit paid: reservation active', reservationId: r.id }
  }
  // A deposit that arrives after the reservation ended unpaid (a slow payment method): refunded at once.
  const current = await reloadReservation(payload, r.id)
  decided = decidePaymentNotice(noticeFacts(current, 'succeeded', notice, true))
  if (decided.action === 'refund-late') {
    await appendHistory(payload, recordOf(r.id), { payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString() } }, entry(now, 'payment webhook', current.status, current.status, NOTES.lateDeposit))
    await refundDeposit(payload, r.id, deps)
    return { changed: true, outcome: 'late deposit: refunded', reservationId: r.id }
  }
  return { changed: false, outcome: decided.action === 'ignore' ? decided.outcome : `reservation is ${current.status}; nothing to change`, reservationId: r.id }
}

async function depositFailed(payload: Payload, r: Reservation, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps, now: Date): Promise<ReservationOutcome> {
  const message = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  const data = { stock: { holdExpiresAt: null }, payment: { provider: notice.provider, reference: notice.reference, failureMessage: message } }
  const failed = await runTransition(payload, recordOf(r.id), LIFECYCLE.depositFailed, { note: LIFECYCLE.depositFailed.note(message), data, stale: { reason: `reservation ${r.reservationNumber} payment failed` } }, now)
  if (!failed.ownerChanged) return { changed: false, outcome: `reservation is ${r.status}; a failure changes nothing now`, reservationId: r.id }
  return { changed: true, outcome: 'deposit failed: reservation cancelled, bike released', reservationId: r.id }
}

async function depositRefunded(payload: Payload, r: Reservation, notice: PaymentNotice, deps: LifecycleDeps, now: Date): Promise<ReservationOutcome> {
  const data = { payment: { refundedPence: Math.min(r.depositPence, (r.payment?.refundedPence ?? 0) + notice.amountPence) } }
  const stale = { reason: `reservation ${r.reservationNumber} refunded` }
  const ended = await runTransition(payload, recordOf(r.id), LIFECYCLE.refundReported, { note: LIFECYCLE.refundReported.note(notice), data, stale }, now)
  if (!ended.ownerChanged) return { changed: false, outcome: 'refund already recorded', reservationId: r.id }
  return { changed: true, outcome: 'refunded outside the shop: reservation cancelled', reservationId: r.id }
}

const reservations = <N extends PaymentNotice>(lock: KeyedLock<number> | null, apply: NoticeTarget<Reservation, N, ReservationOutcome>['apply']): NoticeTarget<Reservation, N, ReservationOutcome> => ({ find: findReservation, lock, missing: NO_RESERVATION, apply })

/** A deposit found while closing a reservation's open payments, applied under the lock its caller holds. */
function depositPaidNow(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps): Promise<ReservationOutcome> {
  return applyNotice(payload, notice, deps, reservations(null, depositPaid))
}

/** The deposit was paid: the reservation is active and holds the bike (a late one is refunded). */
export function markDepositPaid(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<ReservationOutcome> {
  return applyNotice(payload, notice, deps, reservations(withReservationLock, depositPaid))
}

/** The deposit payment failed: the reservation is cancelled and the bike goes back on sale. */
export function markDepositFailed(payload: Payload, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps = {}): Promise<ReservationOutcome> {
  return applyNotice(payload, notice, deps, reservations(withReservationLock, depositFailed))
}

/** A refund made outside the shop ends a reservation that still holds its bike. */
export function markDepositRefunded(payload: Payload, notice: PaymentNotice, deps: LifecycleDeps = {}): Promise<ReservationOutcome> {
  return applyNotice(payload, notice, deps, reservations(withReservationLock, depositRefunded))
}

/** An unpaid reservation's open payments are closed first (a deposit that made it makes the reservation active). */
async function settleUnpaid(payload: Payload, r: Reservation, deps: LifecycleDeps, now: Date): Promise<'paid' | 'processing' | 'closed'> {
  const provider = providerFor(payload, deps, r.payment?.provider) ?? paymentProvider(payload)
  return settleOpenPayments(provider, { orderNumber: r.reservationNumber, reference: r.payment?.reference }, (notice) => depositPaidNow(payload, notice, { ...deps, now }))
}

/* Refunds and endings ----------------------------------------------------------------------------- */

/**
 * Refunds what is left of a paid deposit of a reservation that ended without a sale; idempotent (one
 * provider key per reservation, and nothing is owed once refundedPence reaches the deposit). A refusal is
 * logged and recorded for staff, and retried by the background pass.
 */
export async function refundDeposit(payload: Payload, id: number, deps: LifecycleDeps = {}): Promise<'refunded' | 'nothing_owed' | 'failed'> {
  const now = deps.now ?? new Date()
  const r = await reloadReservation(payload, id)
  const owed = r.depositPence - (r.payment?.refundedPence ?? 0)
  if (!owesDepositBack(r.status) || !r.payment?.paidAt || !r.payment.reference || owed <= 0) return 'nothing_owed'
  const money = { provider: r.payment.provider, reference: r.payment.reference, amountPence: owed, key: `reservation-refund-${r.reservationNumber}` }
  const made = await refundAndNote(payload, deps, { ...recordOf(id), status: r.status, number: r.reservationNumber }, money, {
    actor: 'refund',
    fallback: true,
    note: (o) => ('id' in o ? { note: NOTES.refunded(owed, o.provider, o.id), data: { payment: { refundedPence: r.depositPence, refundId: o.id, refundError: null } } } : { note: NOTES.refundFailed(o.error), data: { payment: { refundError: `${now.toISOString()}: ${o.error}`.slice(0, 500) } } }),
  }, now)
  return made.ok ? 'refunded' : 'failed'
}

/**
 * Ends an active reservation without a sale: the bike goes back (claimed with the status change in one
 * unit of work), then the deposit is refunded. Answers false when another ending got there first.
 */
export async function endActiveReservation(payload: Payload, id: number, to: ReservationEnding, who: { actor: string; by?: number; note: string }, deps: LifecycleDeps = {}, options: { transactionID?: string | number | null; claimOnly?: boolean } = {}): Promise<boolean> {
  const transactionID = options.transactionID ?? null
  // claimOnly: the caller (the admin hook) records, refunds and mails after its update.
  const step = options.claimOnly ? { transactionID } : { transactionID, note: NOTES.ended(who.note), actor: who.actor, by: who.by, stale: { reason: `reservation ${id} ${to}` } }
  if (!(await runTransition(payload, recordOf(id), RESERVATION_ENDINGS[to], step, deps.now ?? new Date())).ownerChanged) return false
  if (options.claimOnly) return true
  await refundDeposit(payload, id, deps)
  await queueReservationEmail(payload, id, to, deps)
  return true
}

/** The customer cancels from the emailed link or their account: unpaid → open payments closed; active → refund. */
export async function cancelReservation(payload: Payload, id: number, deps: LifecycleDeps = {}): Promise<{ ok: true; refunded: boolean } | { ok: false; status: 409; message: string }> {
  return withReservationLock(id, async () => {
    const now = deps.now ?? new Date()
    let r = await reloadReservation(payload, id)
    if (r.status === 'awaiting_payment') {
      const settled = await settleUnpaid(payload, r, deps, now)
      if (settled === 'processing') return { ok: false, status: 409, message: 'Your deposit payment is still being processed. Please try again in a few minutes.' }
      if (settled === 'closed') {
        const t = LIFECYCLE.cancelledUnpaid
        const stale = { reason: `reservation ${r.reservationNumber} cancelled` }
        if ((await runTransition(payload, recordOf(id), t, { note: t.note(), data: { stock: { holdExpiresAt: null } }, stale }, now)).ownerChanged) return { ok: true, refunded: false }
      }
      r = await reloadReservation(payload, id)
    }
    if (r.status !== 'active') return { ok: false, status: 409, message: `This reservation is already ${r.status === 'converted' ? 'a sale' : r.status}, so it cannot be cancelled here.` }
    const t = RESERVATION_ENDINGS.cancelled
    if (!(await endActiveReservation(payload, id, 'cancelled', { actor: t.actor, note: t.note() }, deps))) return { ok: false, status: 409, message: 'This reservation has just changed. Please reload the page.' }
    const after = await reloadReservation(payload, id)
    return { ok: true, refunded: (after.payment?.refundedPence ?? 0) >= after.depositPence }
  })
}

/**
 * The background pass: unpaid reservations past their RESERVATION_PAYMENT_MINUTES minutes (the provider is asked first: a deposit
 * that succeeded makes the reservation active, never released), active ones past their hold (bike back,
 * deposit refunded), and refunds that failed before (retried).
 */
export async function releaseExpiredReservations(payload: Payload, now: Date = new Date(), deps: LifecycleDeps = {}): Promise<number> {
  const due: Where = { and: [{ status: { in: ['awaiting_payment', 'active'] } }, { 'stock.holdExpiresAt': { less_than: now.toISOString() } }] }
  const ended = await sweep(payload, 'reservations', due, withReservationLock, async (r) => {
    const expired = RESERVATION_ENDINGS.expired
    if (r.status === 'active') return endActiveReservation(payload, r.id, 'expired', { actor: expired.actor, note: expired.note() }, { ...deps, now })
    if ((await settleUnpaid(payload, r, deps, now)) !== 'closed') return false
    const t = LIFECYCLE.paymentExpired
    return (await runTransition(payload, recordOf(r.id), t, { note: t.note(), data: { payment: { failureMessage: NOTES.depositPaymentExpired } } }, now)).ownerChanged
  }, (r, error) => payload.logger.warn({ err: error, reservation: r.reservationNumber }, 'reservation not released yet: the payment provider could not be asked'))
  // Refunds still owed (a provider refusal or a crash between the ending and the refund): retried here.
  for (const id of await reservationsOwingRefunds(payload, 50)) await withReservationLock(id, () => refundDeposit(payload, id, { ...deps, now }))
  if (ended.length) await makeStale(payload, { reason: `${ended.length} reservations released` })
  return ended.length
}

/* Conversion -------------------------------------------------------------------------------------- */

/**
 * A card order that completed a reservation did not go through (declined, or not paid in time): its bike
 * goes back to the reservation, never to the shelf, and the reservation is active again with its own hold
 * end (the background pass refunds it if that has passed). Answers false when the order had nothing to hand back.
 */
export async function returnOrderUnitToReservation(payload: Payload, order: Order, orderChange: { status: string; fromStatuses: readonly string[]; alsoWhere?: OwnerChange['alsoWhere'] }, now = new Date()): Promise<'returned' | 'released' | false> {
  const reservationId = typeof order.reservation === 'object' ? order.reservation?.id : order.reservation
  if (reservationId == null) return false
  const t = LIFECYCLE.orderReturned
  // A showroom sale's unit is already sold to its order: it comes back to the reservation as held, too.
  const giver = { table: 'orders' as const, id: order.id, ref: orderStockRef(order.id), change: { table: 'orders' as const, id: order.id, ...orderChange, stockState: 'released' } }
  const moved = await handOver(payload, giver, { ...recordOf(reservationId), change: claim(recordOf(reservationId), t, 'held') }, ['held', 'sold'], 'held', now)
  if (moved !== 'moved') return moved
  const why = NOTES.whyOrderReturned(order.kind === 'finance' ? 'finance' : order.payment?.provider === SHOWROOM_PROVIDER ? 'showroom' : 'card')
  await appendHistory(payload, recordOf(reservationId), { status: 'active', stock: { state: 'held' }, convertedOrder: null }, entry(now, t.actor, 'converted', 'active', t.note({ orderNumber: order.orderNumber, why })))
  return 'returned'
}
