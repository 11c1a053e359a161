// Staff changes on reservations: convert an active one to a sale (an order is made for it, the held bike is
// sold to that order and the deposit counts towards its price), release one with a reason (bike back, deposit refunded), or extend an active
// hold. Anything else is refused; each change is recorded with who and when.
import { APIError, type CollectionAfterChangeHook, type CollectionBeforeChangeHook } from 'payload'
import { formatPence } from '../../domain/money'
import { checkStaffChange, type ReservationStatus } from '../../domain/reservations/reservation-rules'
import type { Reservation } from '../../payload-types'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { historyEntry as entry, staffActor, type HistoryEntry } from '../../cms/fields/history'
import { lockAndReread } from '../../cms/hooks/lock-rows-for-update'

export const enforceReservationChange: CollectionBeforeChangeHook<Reservation> = async ({ data, originalDoc, req, operation, context }) => {
  // Placement, payments, cancellation and expiry make their own checked changes.
  if (operation !== 'update' || !originalDoc || context?.reservationLifecycle) return data
  const from = originalDoc.status as ReservationStatus
  const to = (data.status ?? from) as ReservationStatus
  const reason = data.releaseReason ?? originalDoc.releaseReason
  const check = checkStaffChange(from, to, reason)
  if (!check.ok) throw new APIError(check.message, 400, null, true)

  const now = new Date()
  const { by, actor } = staffActor(req)
  const entries: HistoryEntry[] = []
  const newExpiry = data.stock?.holdExpiresAt
  const oldExpiry = originalDoc.stock?.holdExpiresAt
  const expiryChanged = newExpiry !== undefined && (newExpiry ? new Date(newExpiry).getTime() : null) !== (oldExpiry ? new Date(oldExpiry).getTime() : null)
  if (expiryChanged) {
    if (from !== 'active' || to !== 'active') throw new APIError('Only an active reservation’s hold can be extended.', 400, null, true)
    if (!newExpiry || new Date(newExpiry).getTime() <= now.getTime()) throw new APIError('A new hold end must be in the future. To end the reservation, release it with a reason.', 400, null, true)
    entries.push(entry(now, actor, from, to, `Hold changed by staff to end at ${new Date(newExpiry).toISOString()}.`, by))
  }
  let stock = { ...originalDoc.stock, ...data.stock }
  const transactionID = (await req.transactionID) ?? null
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const lifecycle = await import('../reservations/reservation-lifecycle.server')
  let convertedOrder = data.convertedOrder
  if (to === 'converted' && from === 'active') {
    // A real order for the sale, the held unit sold to it from the reservation, claimed once (ADR 011).
    // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
    const { sellReservationInShowroom } = await import('./showroom-sale.server')
    const sale = await sellReservationInShowroom(req.payload, originalDoc, { by, actor }, transactionID, now)
    if (!sale.ok) throw new APIError(sale.message, sale.status, null, true)
    stock = { ...stock, state: 'committed', holdExpiresAt: null }
    convertedOrder = sale.orderId
    const money = sale.paid ? 'nothing left to pay' : `balance ${formatPence(sale.totalPence)} to pay in the showroom`
    entries.push(entry(now, actor, from, to, `Converted to a sale by staff as order ${sale.orderNumber}: the bike is sold to it and the ${formatPence(sale.depositPence)} deposit counts towards the price (${money}).`, by))
    context.reservationEmail = 'converted'
  }
  if (to === 'released' && from === 'active') {
    const ended = await lifecycle.endActiveReservation(req.payload, originalDoc.id, 'released', { actor, by, note: '' }, {}, { transactionID, claimOnly: true })
    if (!ended) throw new APIError('This reservation has just changed. Reload it; nothing was changed.', 409, null, true)
    stock = { ...stock, state: 'released' }
    entries.push(entry(now, actor, from, to, `Released by staff: ${String(reason).slice(0, 300)}. Bike back on sale; deposit to be refunded.`, by))
    context.reservationEmail = 'released'
  }
  if (entries.length === 0 && to === from && !expiryChanged) return data
  return { ...data, stock, ...(convertedOrder !== undefined ? { convertedOrder } : {}), history: [...(originalDoc.history ?? []), ...entries] }
}

/**
 * Payload read the reservation before the hooks ran and writes every column back after them, so an expiry, a cancel
 * by the customer's link or a deposit recorded meanwhile (units of work of their own) would be written back as read:
 * an expired reservation active again, its bike on the shelf as well. Last of the update's hooks, as for orders
 * (ADR 092), the row is locked and read again: a save that moves no status and no hold end takes the status, stock,
 * payment, converted order and history as they are now; one that does is refused when the reservation has meanwhile
 * moved somewhere else.
 */
export const keepReservationChangesMadeMeanwhile: CollectionBeforeChangeHook<Reservation> = async ({ data, originalDoc, req, operation, context }) => {
  if (operation !== 'update' || !originalDoc || context?.reservationLifecycle) return data
  const now = await lockAndReread(req, 'reservations', originalDoc.id)
  if (!now) return data
  const to = data.status ?? originalDoc.status
  const newExpiry = data.stock?.holdExpiresAt
  const expiryMoved = newExpiry !== undefined && timeOf(newExpiry) !== timeOf(originalDoc.stock?.holdExpiresAt)
  if (to === originalDoc.status && !expiryMoved) {
    return { ...data, status: now.status, stock: now.stock, payment: now.payment, convertedOrder: now.convertedOrder, history: now.history }
  }
  if (now.status !== originalDoc.status && now.status !== to) {
    throw new APIError('This reservation has just changed (it expired, was cancelled or completed). Nothing was saved: reload it and make your change again.', 409, null, true)
  }
  return data
}

const timeOf = (at: string | null | undefined) => (at ? new Date(at).getTime() : null)

/** After a staff ending is saved: refund a released deposit and send the email (both retried if they fail). */
export const afterReservationChange: CollectionAfterChangeHook<Reservation> = async ({ doc, context, req }) => {
  const kind = context?.reservationEmail as 'converted' | 'released' | undefined
  if (!kind) return doc
  delete context.reservationEmail
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const [lifecycle, emails] = await Promise.all([import('../reservations/reservation-lifecycle.server'), import('../reservations/reservation-email.server')])
  // After this request's transaction: the refund reads the saved status.
  const later = async () => {
    // The request's transaction may not have committed yet: wait to see the saved status (the background
    // pass would refund it within a minute anyway).
    for (let i = 0; kind === 'released' && i < 40; i++) {
      // Refund only once the release is visible: a refund tried before the commit finds nothing owed.
      const saved = await lifecycle.reloadReservation(req.payload, doc.id)
      if (saved.status === 'released') {
        await lifecycle.refundDeposit(req.payload, doc.id)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    await emails.queueReservationEmail(req.payload, doc.id, kind)
    await revalidateStorefront(`reservation ${doc.reservationNumber} ${kind}`, req.payload.logger)
  }
  setTimeout(() => void later().catch((error) => req.payload.logger.error({ err: error }, 'after a staff reservation change')), 0)
  return doc
}
