// The lock on an order's money. A refund's units of work (features/returns) take it before they write, and so does
// Payload's update of the order, before it reads the row: that update writes back every column it read, so a refund
// recorded between its read and its write would lose its amount and its history. A bulk update (the admin's "Edit
// selected") does the same to every order its `where` matches, so it takes each of their locks, in order of id so that
// two bulk updates never wait on each other in a circle. PostgreSQL only: SQLite writes one unit of work at a time
// already.
import type { CollectionBeforeOperationHook } from 'payload'
import { updateTargetIds } from '../../cms/hooks/update-targets'
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
