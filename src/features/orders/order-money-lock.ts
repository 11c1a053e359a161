// The lock on an order's money. A refund's units of work (features/returns) take it before they write, and so does
// Payload's update of the order, before it reads the row: that update writes back every column it read, so a refund
// recorded between its read and its write would lose its amount and its history. PostgreSQL only: SQLite writes one
// unit of work at a time already.
import type { CollectionBeforeOperationHook } from 'payload'
import { isPostgres, pgUnit, type Stmt } from '../../cms/sql.server'

/** The statement that takes the order's money lock until its transaction ends (PostgreSQL). */
export function orderMoneyLock(orderId: number | string): Stmt {
  return { sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', args: [`order-money:${orderId}`] }
}

/** Payload's update of one order waits for a refund being recorded, then reads the order as that left it. */
export const lockOrderMoneyForUpdate: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update' || !isPostgres(req.payload)) return args
  const id = (args as { id?: number | string }).id
  const transactionID = await req.transactionID
  if (id === undefined || transactionID == null) return args
  await pgUnit(req.payload, transactionID, (exec) => exec(orderMoneyLock(id)))
  return args
}
