// The products and variants tables as hand-written SQL sees them: the one module that spells their shelf count
// and headline price columns. The stock ledger moves units through the statements below; the importer, card rows,
// the facet index, listings, suggestions, the Merchant feed, monthly figures, basket pricing and the dashboard read
// and write the columns by these names. Payload's own reads and writes use the collection's field names
// (stockQuantity, listPrice) and need nothing from here.
//
// What the columns mean:
// - on hand (`stock_quantity`): the units on the shelf, free to sell. Units held by unpaid orders, reservations and
//   finance applications are not in it; the stock ledger keeps them in its own rows (ADR 041).
// - list price (`list_price`): what a customer pays for one unit of a simple product, mandatory charges included,
//   in pence; the products collection derives it (derivedProductFields) and the listing sorts and filters by it.
import type { Arg, Stmt } from '../../cms/sql.server'

/** A table whose rows hold units on a shelf: a product's own stock, or one variant's. */
export type ShelfTable = 'products' | 'variants'

export const ON_HAND = 'stock_quantity'
export const LIST_PRICE = 'list_price'

/** The shelf count, as `alias.stock_quantity` or bare. */
export const onHand = (alias?: string): string => (alias ? `${alias}.${ON_HAND}` : ON_HAND)
/** The headline price, as `alias.list_price` or bare. */
export const listPrice = (alias?: string): string => (alias ? `${alias}.${LIST_PRICE}` : LIST_PRICE)

/** Takes `n` units off the shelf only if that many are there: one row changed when taken, none when short. */
export const takeIfOnHand = (table: ShelfTable, id: number, n: number): Stmt => ({ sql: `UPDATE ${table} SET ${ON_HAND} = ${ON_HAND} - ? WHERE id = ? AND ${ON_HAND} >= ?`, args: [n, id, n] })

/** Takes `n` units off the shelf unguarded: for a batch whose own guard (a NOT NULL hold count) refuses a shortfall. */
export const takeOnHand = (table: ShelfTable, id: number, n: number): Stmt => ({ sql: `UPDATE ${table} SET ${ON_HAND} = ${ON_HAND} - ? WHERE id = ?`, args: [n, id] })

/** SQL true when at least `n` units are on the shelf (a scalar subquery). */
export const hasOnHand = (table: ShelfTable, id: number, n: number): { sql: string; args: Arg[] } => ({ sql: `(SELECT ${ON_HAND} >= ? FROM ${table} WHERE id = ?)`, args: [n, id] })

/** Puts `n` units back on the shelf, when `when` (SQL over nothing) holds. */
export const putBackOnHand = (table: ShelfTable, id: number, n: number, when?: { sql: string; args: readonly Arg[] }): Stmt =>
  when ? { sql: `UPDATE ${table} SET ${ON_HAND} = ${ON_HAND} + ? WHERE id = ? AND ${when.sql}`, args: [n, id, ...when.args] } : { sql: `UPDATE ${table} SET ${ON_HAND} = ${ON_HAND} + ? WHERE id = ?`, args: [n, id] }

/** The SET clause that adds `sum` (SQL) to the shelf. */
export const addToOnHand = (sum: string): string => `${ON_HAND} = ${ON_HAND} + ${sum}`

/** The SET clause that makes the shelf `units` (SQL, evaluated once per side), never below 0. */
export const onHandAtLeastZero = (units: string): string => `${ON_HAND} = CASE WHEN ${units} > 0 THEN ${units} ELSE 0 END`

/** A full feed's archiving of the products no row of it named (never a delete); a product archived meanwhile is left. */
export const archiveProducts = (ids: readonly number[], now: string): Stmt => ({
  sql: `UPDATE products SET status = 'archived', updated_at = ? WHERE status <> 'archived' AND id IN (${ids.map(() => '?').join(', ')})`,
  args: [now, ...ids],
})
