// The lock on an order's money. A refund's units of work (features/returns) take it before they write, and so does
// Payload's update of the order, before it reads the row: that update writes back every column it read, so a refund
// recorded between its read and its write would lose its amount and its history. A bulk update (the admin's "Edit
// selected") does the same to every order its `where` matches, so it takes each of their locks, in order of id so that
// two bulk updates never wait on each other in a circle. PostgreSQL only: SQLite writes one unit of work at a time
// already.
import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeOperationHook } from 'payload'
import type { Order } from '../../payload-types'
import { updateTargetIds } from '../../cms/hooks/update-targets'
import { lockAndReread } from '../../cms/hooks/lock-rows-for-update'
import { isPostgres, pgUnit, type Stmt } from '../../cms/sql.server'

/** The statement that takes the order's money lock until its transaction ends (PostgreSQL). */
export function orderMoneyLock(orderId: number | string): Stmt {
  return { sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', args: [`order-money:${orderId}`] }
}

/** Payload's update of one order, or of every order a `where` matches, waits for a refund being recorded, then reads the orders as that left them. */
export const lockOrderMoneyForUpdate: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update' || !isPostgres(req.payload)) return args
  const transactionID = await req.transactionID
  if (transactionID == null) return args
  const ids = await updateTargetIds(req, 'orders', args)
  if (ids.length) await pgUnit(req.payload, transactionID, async (exec) => {
    for (const id of ids) await exec(orderMoneyLock(id))
  })
  return args
}

/**
 * Payload read the order before the hooks above ran and writes every column back after them, so a payment, an
 * expiry or a finance decision recorded on the row meanwhile (each in a unit of work of its own, which the money lock
 * does not hold back) would be written back as it was read: a paid order awaiting payment again. So, last of the
 * update's hooks, it locks the order's row and reads it again (PostgreSQL; SQLite writes one unit of work at a time):
 * a save that moves no status (a note, an address) takes the statuses and what the shop owns (payment, stock,
 * certificate, history) as they are now; one that moves a status is refused when the order has meanwhile moved
 * somewhere else. The row is locked here rather than before the read because staff's status moves run units of
 * their own on it (a bike handed back to its reservation, a payment that has just arrived recorded), which would wait
 * for it.
 */
export const keepChangesMadeMeanwhile: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, req, operation, context }) => {
  if (operation !== 'update' || !originalDoc || context?.orderLifecycle) return data
  const now = await lockAndReread(req, 'orders', originalDoc.id)
  if (!now) return data
  const status = data.status ?? originalDoc.status
  const financeStatus = data.financeStatus === undefined ? originalDoc.financeStatus : data.financeStatus
  if (status === originalDoc.status && financeStatus === originalDoc.financeStatus) {
    // On req.context as it is now: the read above made the request's context a new object, which `afterChange` gets.
    if (now.status !== originalDoc.status || now.financeStatus !== originalDoc.financeStatus) req.context[movedMeanwhileKey(originalDoc.id)] = true
    return { ...data, status: now.status, financeStatus: now.financeStatus, payment: now.payment, certificate: now.certificate, history: now.history, stock: { ...data.stock, state: now.stock?.state, couponCounted: now.stock?.couponCounted } }
  }
  const moved = (was: unknown, is: unknown, to: unknown) => is !== was && is !== to
  if (moved(originalDoc.status, now.status, status) || moved(originalDoc.financeStatus, now.financeStatus, financeStatus)) {
    throw new APIError('This order has just been changed by the shop (a payment, a refund or its finance application). Nothing was saved: reload it and make your change again.', 409, null, true)
  }
  return data
}

const movedMeanwhileKey = (orderId: number) => `orderMovedMeanwhile:${orderId}`

/**
 * Whether this update took the order's status from the row, moved meanwhile by the shop's own code: that move queued
 * its own email and follow-ups, so the `afterChange` hooks, which compare with what Payload read, don't again. Per
 * order, since a bulk update shares one context.
 */
export function movedMeanwhile(context: Record<string, unknown> | undefined, orderId: number): boolean {
  return context?.[movedMeanwhileKey(orderId)] === true
}
