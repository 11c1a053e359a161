// What a killed process can leave behind on SQLite (ADR 007): an order written as 'pending' whose stock
// batch never ran. It holds nothing (the batch that takes the stock also marks the order held), so it is
// removed; any ledger rows it might have are released first, to be safe. On PostgreSQL the order and its
// stock commit together, so there is never anything to do.
import 'server-only'
import type { Payload } from 'payload'
import { orderStockRef, releaseStock } from '../stock/stock-ledger.server'
import { deletePendingOrder } from './place-order.server'
import { reconcilePendingReservations } from '../reservations/place-reservation.server'

/** Pending orders younger than this may still be in the middle of being placed by a live request. */
const PENDING_GRACE_MS = 2 * 60_000

export async function reconcileStock(payload: Payload, options: { now?: Date; olderThanMs?: number } = {}): Promise<number> {
  const now = options.now ?? new Date()
  const before = new Date(now.getTime() - (options.olderThanMs ?? PENDING_GRACE_MS)).toISOString()
  const pending = await payload.find({
    collection: 'orders',
    where: { and: [{ 'stock.state': { equals: 'pending' } }, { createdAt: { less_than_equal: before } }] },
    limit: 200,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    select: { orderNumber: true },
  })
  for (const order of pending.docs) {
    await releaseStock(payload, null, orderStockRef(order.id), ['held', 'sold'])
    await deletePendingOrder(payload, order.id)
    payload.logger.warn({ order: order.orderNumber }, 'removed an order cut short while it was being placed (it held no stock)')
  }
  return pending.docs.length + (await reconcilePendingReservations(payload, before))
}
