// The price_history table's hand-written SQL (no other file names it; features/table-ownership.test.ts): each
// product's headline price (ADR 023: the price with every compulsory charge, on-the-road charges included) and each
// variant's, over time, so a "was" price is one the shop's own record shows the product was offered at (ADR 075).
// A row is written whenever a headline changes, in the same unit of work as the change: by the products' change
// hook (an admin save, a variant's price moving its product's, the seed), by each catalogue-import batch, and, for
// what was on sale before the table, by its migration. No 'server-only': the Payload config loads the hooks.
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, Payload, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'
import { execute, inIdList, placeholders, type Stmt, type TransactionId } from '../../cms/sql.server'
import { wasPriceProblem } from '../../domain/catalogue/product-price'
import { listPrice } from '../catalogue-rows/catalogue-rows'

/** Who wrote a row: the admin (or any Payload write), a catalogue import, the table's migration. */
export type PriceHistorySource = 'admin' | 'import' | 'migration'

/**
 * The card statement's column (products p): the highest headline the product (or any of its variants) was offered
 * at, read only when the product has a was-price, so `cardFromRow` can refuse one above it (ADR 075).
 */
export const HIGHEST_OFFERED_COLUMN = 'CASE WHEN p.compare_at_price IS NULL THEN NULL ELSE (SELECT MAX(h.headline_pence) FROM price_history h WHERE h.product_id = p.id) END AS highest_offered'

/** Products `p` chosen by `where` (a condition on p), as one argument list. */
type Chosen = { readonly sql: string; readonly args: readonly (string | number)[] }

/**
 * The statements that record the current headline of the chosen products and of their variants wherever it differs
 * from the last one recorded (so running them twice records nothing the second time). A variant's headline is its
 * own price plus its product's compulsory charge, as the product page and the basket compute it.
 */
function recordStatements(chosen: Chosen, now: string, source: PriceHistorySource): Stmt[] {
  const fee = 'CASE WHEN p.before_add_to_basket_notification_extra_fee_fee_value > 0 THEN p.before_add_to_basket_notification_extra_fee_fee_value ELSE 0 END'
  const last = (variant: string) => `(SELECT h.headline_pence FROM price_history h WHERE h.product_id = p.id AND ${variant} ORDER BY h.id DESC LIMIT 1)`
  return [
    {
      sql: `INSERT INTO price_history (product_id, variant_id, headline_pence, recorded_at, source) SELECT p.id, NULL, CAST(${listPrice('p')} AS integer), ?, ? FROM products p WHERE ${chosen.sql} AND ${listPrice('p')} > 0 AND COALESCE(${last('h.variant_id IS NULL')}, -1) <> CAST(${listPrice('p')} AS integer)`,
      args: [now, source, ...chosen.args],
    },
    {
      sql: `INSERT INTO price_history (product_id, variant_id, headline_pence, recorded_at, source) SELECT p.id, v.id, CAST(v.price + ${fee} AS integer), ?, ? FROM variants v JOIN products p ON p.id = v.product_id WHERE ${chosen.sql} AND v.price > 0 AND COALESCE(${last('h.variant_id = v.id')}, -1) <> CAST(v.price + ${fee} AS integer)`,
      args: [now, source, ...chosen.args],
    },
  ]
}

/** For a catalogue-import batch (written in the batch's own unit of work): its products, by SKU, after their writes. */
export function recordImportedPrices(skus: readonly string[], now: string): Stmt[] {
  if (skus.length === 0) return []
  return recordStatements({ sql: `p.sku IN (${placeholders(skus.length)})`, args: [...skus] }, now, 'import')
}

/** Records the product's (and its variants') headline now, in the caller's PostgreSQL transaction when given. */
export async function recordProductPrices(payload: Payload, transactionID: TransactionId, productId: number, now: Date, source: PriceHistorySource = 'admin'): Promise<void> {
  for (const stmt of recordStatements({ sql: 'p.id = ?', args: [productId] }, now.toISOString(), source)) await execute(payload, transactionID, stmt)
}

/** The highest headline each product (or any of its variants) was offered at, by the shop's record; absent for none. */
export async function highestOfferedPence(payload: Payload, transactionID: TransactionId, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map()
  const ids = inIdList(payload, 'product_id', productIds)
  const rows = (await execute(payload, transactionID, { sql: `SELECT product_id, MAX(headline_pence) AS highest FROM price_history WHERE ${ids.sql} GROUP BY product_id`, args: ids.args })).rows
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.highest)]))
}

/** Every row of one product's record, oldest first (the admin's and the tests' view). */
export async function priceHistoryOf(payload: Payload, productId: number, transactionID: TransactionId = null): Promise<{ variantId: number | null; headlinePence: number; recordedAt: string; source: string }[]> {
  const rows = (await execute(payload, transactionID, { sql: 'SELECT variant_id, headline_pence, recorded_at, source FROM price_history WHERE product_id = ? ORDER BY id', args: [productId] })).rows
  return rows.map((r) => ({ variantId: r.variant_id == null ? null : Number(r.variant_id), headlinePence: Number(r.headline_pence), recordedAt: String(r.recorded_at), source: String(r.source) }))
}

const transactionOf = async (req: PayloadRequest): Promise<TransactionId> => ((await req.transactionID) ?? null) as TransactionId

/**
 * Products (wired in by the root), after every write: the headline as saved is recorded, in the admin request's
 * transaction on PostgreSQL, so a save that fails later records nothing.
 */
export const recordPriceAfterChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await recordProductPrices(req.payload, await transactionOf(req), Number(doc.id), new Date())
  return doc
}

/**
 * Products (wired in by the root), before a write that sets or changes the was-price: refused unless the product
 * was offered at that figure or more, by the shop's record or at the headline being saved now (ADR 075).
 */
export const refuseUnchargedWasPrice: CollectionBeforeChangeHook = async ({ data, originalDoc, req, collection }) => {
  const entered = data?.compareAtPrice
  if (entered === undefined || entered === null || entered === originalDoc?.compareAtPrice) return data
  const recorded = originalDoc?.id == null ? undefined : (await highestOfferedPence(req.payload, await transactionOf(req), [Number(originalDoc.id)])).get(Number(originalDoc.id))
  const now = typeof data.listPrice === 'number' ? data.listPrice : null
  const problem = wasPriceProblem(entered, Math.max(recorded ?? 0, now ?? 0) || null)
  if (problem) throw new ValidationError({ collection: collection.slug, errors: [{ path: 'compareAtPrice', message: problem }], req }, req.t)
  return data
}
