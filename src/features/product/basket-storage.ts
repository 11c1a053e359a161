// The basket's copy in browser storage (spec §4: the store is kept under the key "root").
// Shape: localStorage.root = JSON of the whole client store, one property per slice; the basket is
// `basket` (a Basket of src/domain/basket). Other slices are kept untouched when the basket is written.
// This copy is the customer's own and can be edited by hand: it is never trusted for money. Prices and
// stock are reconciled on the server (reconcileBasket) before the basket is shown as a total or charged.
import { EMPTY_BASKET, type Basket } from '../../domain/basket/basket'
import { parseStoredBasket } from '../../domain/basket/parse-stored-basket'

export const STORE_STORAGE_KEY = 'root'

function parseStore(raw: string | null): Record<string, unknown> {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The basket in the stored store text, or an empty basket when there is none or it does not parse. */
export function basketFromStore(raw: string | null): Basket {
  return parseStoredBasket(parseStore(raw).basket) ?? EMPTY_BASKET
}

/** The store text with its basket replaced; other slices stay as they were. */
export function storeWithBasket(raw: string | null, basket: Basket): string {
  return JSON.stringify({ ...parseStore(raw), basket })
}
