// Payload's update of a product or variant reads the row, then writes every column of it back: a shelf count the
// checkout or the stock feed changed between the two would be written back as it was read, the units sold meanwhile
// back on the shelf (`keepSalesInShelfCount` only keeps what staff typed relative to what their form loaded). So on
// PostgreSQL the update first locks the rows it will write (SELECT … FOR UPDATE, in order of id): the stock ledger's
// UPDATE of the count waits for it to commit, and its own read, a later statement, sees any count committed before.
// SQLite writes one unit of work at a time already.
import type { CollectionBeforeOperationHook } from 'payload'
import { isPostgres, pgUnit } from '../sql.server'
import { updateTargetIds } from './update-targets'

export function lockShelfRowsForUpdate(table: 'products' | 'variants'): CollectionBeforeOperationHook {
  return async ({ args, operation, req }) => {
    if (operation !== 'update' || !isPostgres(req.payload)) return args
    const transactionID = await req.transactionID
    if (transactionID == null) return args
    const ids = await updateTargetIds(req, table, args)
    if (ids.length) await pgUnit(req.payload, transactionID, (exec) => exec({ sql: `SELECT id FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`, args: ids }))
    return args
  }
}
