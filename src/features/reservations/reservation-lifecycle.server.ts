// What happens to a reservation after it is placed: deposit paid, failed, refunded; cancelled by the
// customer, expired, released or converted. Every step is claimed with a conditional update of the
// reservation row (through the stock ledger when the bike moves), so a repeated or racing event changes it
// once. The deposit is refunded only after a claim to an ending without a sale (cancelled, expired,
// released), with one idempotency key per reservation; a conversion claims 'active' too, so a deposit is
// either refunded once or counted towards the sale once, never both.
import 'server-only'
import type { Payload, Where } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { env } from '../../config/env'
import { namedSecret } from '../../config/secrets.server'
import { holdEndsAt, RESERVATION_PAYMENT_MINUTES } from '../../domain/reservations/reservation-rules'
import { execute, readRows } from '../../cms/sql.server'
import { keyedLock, type KeyedLock } from '../../lib/keyed-lock'
import type { Order, Reservation } from '../../payload-types'
import { orderStockRef, releaseStock, transferHeldStock, type OwnerChange } from '../stock/stock-ledger.server'
import { reservationEmail, type ReservationEmailKind } from './reservation-email'
import { signReservationToken, TOKEN_LIFETIME_SECONDS } from './reservation-token'

type HistoryEntry = NonNullable<Reservation['history']>[number]

export const reservationStockRef = (id: number) => `reservation:${id}`

/** The payment provider recorded on an order sold in the showroom from a reservation (money taken by the dealer). */
export const SHOWROOM_PROVIDER = 'showroom'

/** HttpOnly cookie holding the manage token of the reservation this browser placed (its result page). */
export const RESERVATION_COOKIE = 'wh_reservation'

export interface ReservationDeps {
  readonly provider?: PaymentProvider | null
  readonly email?: EmailSender
  readonly now?: Date
}

export interface DepositNotice {
  readonly orderNumber?: string
  readonly reference: string
  readonly amountPence: number
  readonly provider: string
}

export type ReservationOutcome = { readonly changed: boolean; readonly outcome: string; readonly reservationId?: number }

export function reservationTokenKey(): string {
  return namedSecret('reservationTokenKey', env().RESERVATION_TOKEN_SECRET)
}

/** The no-account link to see, complete or cancel a reservation. */
export function manageToken(reservationId: number, now = new Date()): string {
  return signReservationToken({ reservationId, purpose: 'manage', expiresAt: Math.floor(now.getTime() / 1000) + TOKEN_LIFETIME_SECONDS }, reservationTokenKey())
}

export function entry(now: Date, actor: string, from: string | null, to: string | null, note: string, by?: number): HistoryEntry {
  return { at: now.toISOString(), actor, by, from: from ?? undefined, to: to ?? undefined, note: note.slice(0, 500) }
}

/* One change at a time per reservation in this process; the conditional updates guard across processes. */
export const withReservationLock: KeyedLock<number> = keyedLock<number>()

export async function reloadReservation(payload: Payload, id: number): Promise<Reservation> {
  return payload.findByID({ collection: 'reservations', id, depth: 0, overrideAccess: true })
}

export async function findReservation(payload: Payload, notice: { orderNumber?: string; reference?: string }): Promise<Reservation | undefined> {
  const where: Where | null = notice.orderNumber ? { reservationNumber: { equals: notice.orderNumber } } : notice.reference ? { 'payment.reference': { equals: notice.reference } } : null
  if (!where) return undefined
  const found = await payload.find({ collection: 'reservations', where, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0]
}

export async function appendReservationHistory(payload: Payload, id: number, data: Partial<Reservation>, ...entries: HistoryEntry[]): Promise<Reservation> {
  const fresh = await reloadReservation(payload, id)
  return payload.update({
    collection: 'reservations',
    id,
    overrideAccess: true,
    depth: 0,
    context: { reservationLifecycle: true },
    data: { ...data, payment: { ...fresh.payment, ...data.payment }, stock: { ...fresh.stock, ...data.stock }, history: [...(fresh.history ?? []), ...entries] },
  })
}

/* ------------------------------------------------------------------------------------------------ */
/* Emails (through the durable job queue)                                                            */

export async function sendReservationEmailNow(payload: Payload, reservationId: number, kind: ReservationEmailKind, deps: { email?: EmailSender } = {}): Promise<void> {
  const r = await reloadReservation(payload, reservationId)
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const address = [settings.address?.line1, settings.address?.line2, settings.address?.town, settings.address?.postcode].filter(Boolean).join(', ')
  const site = env().SITE_URL
  const mail = reservationEmail(kind, { ...r, holdExpiresAt: r.stock?.holdExpiresAt }, { name: settings.dealerName, phone: settings.phone, email: settings.email, address, whatToBring: settings.reservations?.whatToBring }, { manage: `${site}/reservations/manage?token=${manageToken(r.id)}` })
  const sender = deps.email ?? (await import('../../adapters/email/email.server')).emailSender()
  await sender.send({ to: r.email, subject: mail.subject, text: mail.text, html: mail.html, tag: `reservation-${kind}` })
}

export async function queueReservationEmail(payload: Payload, reservationId: number, kind: ReservationEmailKind, deps: ReservationDeps = {}): Promise<void> {
  try {
    if (deps.email) return await sendReservationEmailNow(payload, reservationId, kind, deps)
    const { enqueueAndRun } = await import('../jobs/queue.server')
    const { SEND_RESERVATION_EMAIL } = await import('../jobs/task-names')
    await enqueueAndRun(payload, SEND_RESERVATION_EMAIL, { reservationId, kind })
  } catch (error) {
    payload.logger.error({ err: error, reservationId, kind }, 'reservation email could not be queued')
  }
}

async function providerFor(payload: Payload, r: Reservation, deps: ReservationDeps): Promise<PaymentProvider | null> {
  if (deps.provider) return deps.provider
  const payments = await import('../payments/providers.server')
  return payments.providerNamed(payload, r.payment?.provider) ?? payments.paymentProvider(payload)
}

async function holdHoursSetting(payload: Payload): Promise<number> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return settings.reservations?.holdHours ?? 72
}

/* ------------------------------------------------------------------------------------------------ */
/* Deposit payment                                                                                   */

async function depositPaidNow(payload: Payload, notice: DepositNotice, deps: ReservationDeps): Promise<ReservationOutcome> {
  const now = deps.now ?? new Date()
  const r = await findReservation(payload, notice)
  if (!r) return { changed: false, outcome: 'no reservation with that number or payment reference' }
  if (notice.amountPence !== r.depositPence) {
    await appendReservationHistory(payload, r.id, {}, entry(now, 'payment webhook', r.status, r.status, `Payment of ${notice.amountPence}p does not match the deposit ${r.depositPence}p; staff must check it.`))
    return { changed: false, outcome: 'amount does not match the deposit', reservationId: r.id }
  }
  const until = holdEndsAt(now, await holdHoursSetting(payload)).toISOString()
  // One conditional statement: the status, the hold's new end and the payment move together, so a crash
  // right after it can never leave an active reservation with its 15-minute payment deadline.
  const claimed = await execute(payload, null, {
    sql: `UPDATE reservations SET status = 'active', stock_hold_expires_at = ?, payment_paid_at = ?, payment_provider = ?, payment_reference = ?, updated_at = ? WHERE id = ? AND status = 'awaiting_payment'`,
    args: [until, now.toISOString(), notice.provider, notice.reference, now.toISOString(), r.id],
  })
  if (claimed.rowsAffected === 1) {
    await appendReservationHistory(
      payload,
      r.id,
      { status: 'active', stock: { ...r.stock, holdExpiresAt: until }, payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString(), failureMessage: null } },
      entry(now, 'payment webhook', 'awaiting_payment', 'active', `Deposit of ${notice.amountPence}p paid (${notice.provider} ${notice.reference}); bike held until ${until}.`),
    )
    await queueReservationEmail(payload, r.id, 'confirmed', deps)
    return { changed: true, outcome: 'deposit paid: reservation active', reservationId: r.id }
  }
  // A deposit that arrives after the reservation ended unpaid (a slow payment method): refunded at once.
  const current = await reloadReservation(payload, r.id)
  if ((current.status === 'expired' || current.status === 'cancelled') && !current.payment?.paidAt) {
    await appendReservationHistory(
      payload,
      r.id,
      { payment: { provider: notice.provider, reference: notice.reference, paidAt: now.toISOString() } },
      entry(now, 'payment webhook', current.status, current.status, 'Deposit arrived after the reservation had ended unpaid: it is refunded automatically.'),
    )
    await refundDeposit(payload, r.id, deps)
    return { changed: true, outcome: 'late deposit: refunded', reservationId: r.id }
  }
  return { changed: false, outcome: `reservation is ${current.status}; nothing to change`, reservationId: r.id }
}

async function depositFailedNow(payload: Payload, notice: DepositNotice & { failureMessage?: string }, deps: ReservationDeps): Promise<ReservationOutcome> {
  const now = deps.now ?? new Date()
  const r = await findReservation(payload, notice)
  if (!r) return { changed: false, outcome: 'no reservation with that number or payment reference' }
  const release = await releaseStock(payload, null, reservationStockRef(r.id), ['held'], { owner: { table: 'reservations', id: r.id, fromStatuses: ['awaiting_payment'], status: 'cancelled', stockState: 'released' }, now })
  if (!release.ownerChanged) return { changed: false, outcome: `reservation is ${r.status}; a failure changes nothing now`, reservationId: r.id }
  const message = (notice.failureMessage ?? 'The payment did not go through.').slice(0, 300)
  await appendReservationHistory(
    payload,
    r.id,
    { status: 'cancelled', stock: { state: 'released', holdExpiresAt: null }, payment: { provider: notice.provider, reference: notice.reference, failureMessage: message } },
    entry(now, 'payment webhook', 'awaiting_payment', 'cancelled', `Deposit payment failed: ${message} Bike released.`),
  )
  await revalidateStorefront(`reservation ${r.reservationNumber} payment failed`, payload.logger)
  return { changed: true, outcome: 'deposit failed: reservation cancelled, bike released', reservationId: r.id }
}

async function depositRefundedNow(payload: Payload, notice: DepositNotice, deps: ReservationDeps): Promise<ReservationOutcome> {
  const now = deps.now ?? new Date()
  const r = await findReservation(payload, notice)
  if (!r) return { changed: false, outcome: 'no reservation with that number or payment reference' }
  // A refund made outside the shop (the provider's dashboard) while the bike is still held ends the reservation.
  const release = await releaseStock(payload, null, reservationStockRef(r.id), ['held'], { owner: { table: 'reservations', id: r.id, fromStatuses: ['active'], status: 'cancelled', stockState: 'released' }, now })
  if (release.ownerChanged) {
    await appendReservationHistory(
      payload,
      r.id,
      { status: 'cancelled', stock: { state: 'released' }, payment: { refundedPence: Math.min(r.depositPence, (r.payment?.refundedPence ?? 0) + notice.amountPence) } },
      entry(now, 'payment webhook', 'active', 'cancelled', `Refund of ${notice.amountPence}p reported by ${notice.provider}: reservation ended, bike released.`),
    )
    await revalidateStorefront(`reservation ${r.reservationNumber} refunded`, payload.logger)
    return { changed: true, outcome: 'refunded outside the shop: reservation cancelled', reservationId: r.id }
  }
  return { changed: false, outcome: 'refund already recorded', reservationId: r.id }
}

async function lockedByNotice(payload: Payload, notice: DepositNotice, fn: () => Promise<ReservationOutcome>): Promise<ReservationOutcome> {
  const r = await findReservation(payload, notice)
  if (!r) return { changed: false, outcome: 'no reservation with that number or payment reference' }
  return withReservationLock(r.id, fn)
}

export const markDepositPaid = (payload: Payload, notice: DepositNotice, deps: ReservationDeps = {}) => lockedByNotice(payload, notice, () => depositPaidNow(payload, notice, deps))
export const markDepositFailed = (payload: Payload, notice: DepositNotice & { failureMessage?: string }, deps: ReservationDeps = {}) => lockedByNotice(payload, notice, () => depositFailedNow(payload, notice, deps))
export const markDepositRefunded = (payload: Payload, notice: DepositNotice, deps: ReservationDeps = {}) => lockedByNotice(payload, notice, () => depositRefundedNow(payload, notice, deps))

/* ------------------------------------------------------------------------------------------------ */
/* Refunds                                                                                           */

/**
 * Refunds what is left of a paid deposit of a reservation that ended without a sale; idempotent (one
 * provider key per reservation, and nothing is owed once refundedPence reaches the deposit). A refusal is
 * logged and recorded for staff, and retried by the background pass.
 */
export async function refundDeposit(payload: Payload, id: number, deps: ReservationDeps = {}): Promise<'refunded' | 'nothing_owed' | 'failed'> {
  const now = deps.now ?? new Date()
  const r = await reloadReservation(payload, id)
  const owed = r.depositPence - (r.payment?.refundedPence ?? 0)
  if (!['cancelled', 'expired', 'released'].includes(r.status) || !r.payment?.paidAt || !r.payment.reference || owed <= 0) return 'nothing_owed'
  const provider = await providerFor(payload, r, deps)
  try {
    if (!provider) throw new Error(`no payment provider named ${r.payment.provider}`)
    const refund = await provider.refund(r.payment.reference, owed, `reservation-refund-${r.reservationNumber}`)
    await appendReservationHistory(
      payload,
      r.id,
      { payment: { refundedPence: r.depositPence, refundId: refund.id, refundError: null } },
      entry(now, 'refund', r.status, r.status, `Deposit of ${owed}p refunded to the card through ${provider.name} (${refund.id}).`),
    )
    return 'refunded'
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    payload.logger.error({ err: error, reservation: r.reservationNumber }, 'reservation deposit refund failed; retried on the next background pass')
    await appendReservationHistory(payload, r.id, { payment: { refundError: `${now.toISOString()}: ${message}`.slice(0, 500) } }, entry(now, 'refund', r.status, r.status, `Deposit refund FAILED (retried automatically; staff may refund by hand): ${message}`)).catch(() => undefined)
    return 'failed'
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Endings                                                                                           */

type EndStatus = 'cancelled' | 'expired' | 'released'

/**
 * Ends an active reservation without a sale: the bike goes back (claimed with the status change in one
 * unit of work), then the deposit is refunded. Answers false when another ending got there first.
 */
export async function endActiveReservation(payload: Payload, id: number, to: EndStatus, who: { actor: string; by?: number; note: string }, deps: ReservationDeps = {}, options: { transactionID?: string | number | null; claimOnly?: boolean } = {}): Promise<boolean> {
  const now = deps.now ?? new Date()
  const release = await releaseStock(payload, options.transactionID ?? null, reservationStockRef(id), ['held'], { owner: { table: 'reservations', id, fromStatuses: ['active'], status: to, stockState: 'released' }, now })
  if (!release.ownerChanged) return false
  if (options.claimOnly) return true // the caller (the admin hook) records, refunds and mails after its update
  await appendReservationHistory(payload, id, { status: to, stock: { state: 'released' } }, entry(now, who.actor, 'active', to, `${who.note} Bike back on sale.`, who.by))
  await revalidateStorefront(`reservation ${id} ${to}`, payload.logger)
  await refundDeposit(payload, id, deps)
  await queueReservationEmail(payload, id, to, deps)
  return true
}

/** The customer cancels from the emailed link or their account: unpaid → open payments closed; active → refund. */
export async function cancelReservation(payload: Payload, id: number, deps: ReservationDeps = {}): Promise<{ ok: true; refunded: boolean } | { ok: false; status: 409; message: string }> {
  return withReservationLock(id, async () => {
    const now = deps.now ?? new Date()
    let r = await reloadReservation(payload, id)
    if (r.status === 'awaiting_payment') {
      const provider = await providerFor(payload, r, deps)
      const settled = provider ? await provider.closeOpenPayments({ orderNumber: r.reservationNumber, reference: r.payment?.reference }) : { status: 'closed' as const }
      if (settled.status === 'succeeded') {
        await depositPaidNow(payload, { orderNumber: r.reservationNumber, reference: settled.reference, amountPence: settled.amountPence, provider: provider!.name }, { ...deps, now })
        r = await reloadReservation(payload, id)
      } else if (settled.status === 'processing') {
        return { ok: false, status: 409, message: 'Your deposit payment is still being processed. Please try again in a few minutes.' }
      } else {
        const release = await releaseStock(payload, null, reservationStockRef(id), ['held'], { owner: { table: 'reservations', id, fromStatuses: ['awaiting_payment'], status: 'cancelled', stockState: 'released' }, now })
        if (release.ownerChanged) {
          await appendReservationHistory(payload, id, { status: 'cancelled', stock: { state: 'released', holdExpiresAt: null } }, entry(now, 'customer', 'awaiting_payment', 'cancelled', 'Cancelled by the customer before paying; nothing was charged. Bike back on sale.'))
          await revalidateStorefront(`reservation ${r.reservationNumber} cancelled`, payload.logger)
          return { ok: true, refunded: false }
        }
        r = await reloadReservation(payload, id)
      }
    }
    if (r.status !== 'active') return { ok: false, status: 409, message: `This reservation is already ${r.status === 'converted' ? 'a sale' : r.status}, so it cannot be cancelled here.` }
    const ended = await endActiveReservation(payload, id, 'cancelled', { actor: 'customer', note: 'Cancelled by the customer; deposit to be refunded.' }, deps)
    if (!ended) return { ok: false, status: 409, message: 'This reservation has just changed. Please reload the page.' }
    const after = await reloadReservation(payload, id)
    return { ok: true, refunded: (after.payment?.refundedPence ?? 0) >= after.depositPence }
  })
}

/**
 * The background pass: unpaid reservations past their RESERVATION_PAYMENT_MINUTES minutes (the provider is asked first: a deposit
 * that succeeded makes the reservation active, never released), active ones past their hold (bike back,
 * deposit refunded), and refunds that failed before (retried).
 */
export async function releaseExpiredReservations(payload: Payload, now: Date = new Date(), deps: ReservationDeps = {}): Promise<number> {
  const due = await payload.find({
    collection: 'reservations',
    where: { and: [{ status: { in: ['awaiting_payment', 'active'] } }, { 'stock.holdExpiresAt': { less_than: now.toISOString() } }] },
    limit: 100,
    depth: 0,
    overrideAccess: true,
    pagination: false,
  })
  let count = 0
  for (const r of due.docs) {
    try {
      const ended = await withReservationLock(r.id, async () => {
        if (r.status === 'active') return endActiveReservation(payload, r.id, 'expired', { actor: 'hold expiry', note: 'The hold ended without a sale; deposit to be refunded.' }, { ...deps, now })
        const provider = await providerFor(payload, r, deps)
        if (!provider) return false
        const settled = await provider.closeOpenPayments({ orderNumber: r.reservationNumber, reference: r.payment?.reference })
        if (settled.status === 'succeeded') {
          await depositPaidNow(payload, { orderNumber: r.reservationNumber, reference: settled.reference, amountPence: settled.amountPence, provider: provider.name }, { ...deps, now })
          return false
        }
        if (settled.status === 'processing') return false
        const release = await releaseStock(payload, null, reservationStockRef(r.id), ['held'], { owner: { table: 'reservations', id: r.id, fromStatuses: ['awaiting_payment'], status: 'expired', stockState: 'released' }, now })
        if (!release.ownerChanged) return false
        await appendReservationHistory(payload, r.id, { status: 'expired', stock: { state: 'released' }, payment: { failureMessage: `Deposit not paid within ${RESERVATION_PAYMENT_MINUTES} minutes.` } }, entry(now, 'hold expiry', 'awaiting_payment', 'expired', `Deposit not paid within ${RESERVATION_PAYMENT_MINUTES} minutes; the provider confirmed no payment and open payments were cancelled. Bike back on sale.`))
        return true
      })
      if (ended) count++
    } catch (error) {
      payload.logger.warn({ err: error, reservation: r.reservationNumber }, 'reservation not released yet: the payment provider could not be asked')
    }
  }
  // Refunds still owed (a provider refusal or a crash between the ending and the refund): retried here.
  const owed = await readRows(payload, {
    sql: `SELECT id FROM reservations WHERE status IN ('cancelled', 'expired', 'released') AND payment_paid_at IS NOT NULL AND COALESCE(payment_refunded_pence, 0) < deposit_pence LIMIT 50`,
    args: [],
  })
  for (const row of owed) await withReservationLock(Number(row.id), () => refundDeposit(payload, Number(row.id), { ...deps, now }))
  if (count) await revalidateStorefront(`${count} reservations released`, payload.logger)
  return count
}

/* ------------------------------------------------------------------------------------------------ */
/* Conversion                                                                                        */

/**
 * A card order that completed a reservation did not go through (declined, or not paid in time): its bike
 * goes back to the reservation, never to the shelf, and the reservation is active again with its own hold
 * end (the background pass refunds it if that has passed). Answers false when the order had nothing to hand back.
 */
export async function returnOrderUnitToReservation(payload: Payload, order: Order, orderChange: { status: string; fromStatuses: readonly string[]; alsoWhere?: OwnerChange['alsoWhere'] }, now = new Date()): Promise<'returned' | 'released' | false> {
  const reservationId = typeof order.reservation === 'object' ? order.reservation?.id : order.reservation
  if (reservationId == null) return false
  // A showroom sale's unit is already sold to its order: it comes back to the reservation as held, too.
  const moved = await transferHeldStock(payload, null, orderStockRef(order.id), reservationStockRef(reservationId), {
    owners: [
      { table: 'orders', id: order.id, fromStatuses: orderChange.fromStatuses, alsoWhere: orderChange.alsoWhere, status: orderChange.status, stockState: 'released' },
      { table: 'reservations', id: reservationId, fromStatuses: ['converted'], status: 'active', stockState: 'held' },
    ],
    states: ['held', 'sold'],
    as: 'held',
    now,
  })
  if (!moved.ownerChanged || moved.rows === 0) {
    // Nothing moved (on either database the move is all or nothing). If the reservation cannot take the unit
    // back, the order still ends as asked and its unit goes back on the shelf as for any other order.
    const again = await releaseStock(payload, null, orderStockRef(order.id), ['held', 'sold'], { owner: { table: 'orders', id: order.id, fromStatuses: orderChange.fromStatuses, alsoWhere: orderChange.alsoWhere, status: orderChange.status, stockState: 'released' }, now })
    return again.rows > 0 ? 'released' : false
  }
  const why = order.kind === 'finance' ? 'did not go ahead' : order.payment?.provider === SHOWROOM_PROVIDER ? 'was cancelled' : 'was not paid'
  await appendReservationHistory(payload, reservationId, { status: 'active', stock: { state: 'held' }, convertedOrder: null }, entry(now, 'order', 'converted', 'active', `Order ${order.orderNumber} ${why}: the bike is held for this reservation again.`))
  return 'returned'
}

