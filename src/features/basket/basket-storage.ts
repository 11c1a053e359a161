// The store's copy in browser storage (spec §4: the store is kept under the key "root").
// Shape: localStorage.root = JSON of the whole client store, one property per slice; the basket is
// `basket` (a Basket of src/domain/basket), the chosen delivery method `delivery.method`. Other slices
// (finance, auth) are kept untouched when these are written.
// This copy is the customer's own and can be edited by hand: it is never trusted for money. Prices and
// stock are reconciled on the server (reconcileBasket) before the basket is shown as a total or charged.
import { EMPTY_BASKET, type Basket } from '../../domain/basket/basket'
import { parseStoredBasket } from '../../domain/basket/parse-stored-basket'
import type { DeliveryMethod } from '../../domain/delivery/delivery'
import { parseStoredRoot } from '../../config/browser-storage'

const DELIVERY_METHODS: readonly DeliveryMethod[] = ['flat_rate', 'free', 'dealer_delivery']

/** The basket in the stored store text, or an empty basket when there is none or it does not parse. */
export function basketFromStore(raw: string | null): Basket {
  return parseStoredBasket(parseStoredRoot(raw).basket) ?? EMPTY_BASKET
}

/** The stored delivery choice, or null when none or not one the shop knows. */
export function deliveryFromStore(raw: string | null): DeliveryMethod | null {
  const delivery = parseStoredRoot(raw).delivery
  const method = delivery && typeof delivery === 'object' ? (delivery as { method?: unknown }).method : undefined
  return DELIVERY_METHODS.find((m) => m === method) ?? null
}

/** The store text with its basket replaced; other slices stay as they were. */
export function storeWithBasket(raw: string | null, basket: Basket): string {
  return JSON.stringify({ ...parseStoredRoot(raw), basket })
}

/** The store text with the basket and delivery slices replaced; other slices stay as they were. */
export function storeWithSlices(raw: string | null, slices: { basket: Basket; deliveryMethod: DeliveryMethod | null }): string {
  return JSON.stringify({ ...parseStoredRoot(raw), basket: slices.basket, delivery: { method: slices.deliveryMethod } })
}
