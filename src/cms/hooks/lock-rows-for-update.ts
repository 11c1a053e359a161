// Payload's update reads a row, runs its hooks, then writes every column of it back. Where hand-written SQL changes a
// column of the same row meanwhile (the stock ledger a product's or variant's shelf count, the checkout a coupon's
// uses, a customer's cancel a booking's status, a customer's enquiry a deal), that change would be written back as it
// was read: units sold put back on the shelf, a limited coupon's use forgotten, a cancelled booking confirmed again
// without its capacity. So on PostgreSQL the update first locks the rows it will write (SELECT … FOR UPDATE, in order
// of id): the other change's UPDATE waits for it to commit, and its own read, a later statement, sees any change
// committed before. SQLite writes one unit of work at a time already.
//
// Only for a collection whose update hooks write in the update's own transaction (`req`): a hook that opened a unit of
// work of its own on the locked row would wait for the update that waits for it, for ever. Orders and reservations
// have such hooks (a staff cancel hands a bike back to its reservation, or records a payment that has just arrived, in
// units of their own), so they lock their row last instead and read it again (`lockAndReread` below); an order's
// update also takes its money lock (features/orders/order-money-lock.ts).
import type { CollectionBeforeOperationHook, CollectionSlug, DataFromCollectionSlug, PayloadRequest } from 'payload'
import { isPostgres, pgUnit } from '../sql.server'
import { updateTargetIds } from './update-targets'

const LOCK_SLICE = 1000

/** The hook for a collection whose rows hand-written SQL also changes (its table is the slug in snake case, as Payload names it). */
export function lockRowsForUpdate(collection: CollectionSlug): CollectionBeforeOperationHook {
  const table = collection.replace(/-/g, '_')
  return async ({ args, operation, req }) => {
    if (operation !== 'update' || !isPostgres(req.payload)) return args
    const transactionID = await req.transactionID
    if (transactionID == null) return args
    const ids = await updateTargetIds(req, collection, args)
    // In slices: a bulk update (a category's products made zero-rated) can match more rows than one statement takes.
    if (ids.length) await pgUnit(req.payload, transactionID, async (exec) => {
      for (let at = 0; at < ids.length; at += LOCK_SLICE) {
        const slice = ids.slice(at, at + LOCK_SLICE)
        await exec({ sql: `SELECT id FROM ${table} WHERE id IN (${slice.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`, args: slice })
      }
    })
    return args
  }
}

/**
 * For a collection that can't lock before the read: locks one row in the update's transaction, late in its hooks,
 * and reads the document again as it now stands, so the update can keep what changed meanwhile. Null where there is
 * nothing to lock (SQLite, or no transaction). The read gives the request a new context object (Payload's local API
 * does): a flag for the update's `afterChange` hooks is set on `req.context` after it, not on a hook's `context`.
 */
export async function lockAndReread<S extends 'orders' | 'reservations'>(req: PayloadRequest, collection: S, id: number): Promise<DataFromCollectionSlug<S> | null> {
  if (!isPostgres(req.payload)) return null
  const transactionID = await req.transactionID
  if (transactionID == null) return null
  await pgUnit(req.payload, transactionID, (exec) => exec({ sql: `SELECT id FROM ${collection} WHERE id = ? FOR UPDATE`, args: [id] }))
  return (await req.payload.findByID({ collection, id, depth: 0, overrideAccess: true, req })) as DataFromCollectionSlug<S>
}
