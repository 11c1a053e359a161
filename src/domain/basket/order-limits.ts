// How many of one thing a single order may take off the shelf: a dealer sells one motorcycle per order,
// and nobody needs 99 helmets. Caps stop a script from holding a shop's stock hostage with a few orders.
import type { ProductKind } from '../catalogue/product-kind'

export const DEFAULT_MAX_PER_ORDER: Readonly<Record<ProductKind, number>> = {
  motorcycle: 1,
  scooter: 1,
  bicycle: 2,
  'e-bike': 2,
  riderwear: 10,
  accessory: 10,
}

/** The most of one product (or one variant) a single order may contain; staff may set a product's own cap. */
export function maxPerOrder(kind: ProductKind | null | undefined, productCap?: number | null): number {
  if (productCap != null && Number.isSafeInteger(productCap) && productCap >= 1) return productCap
  return kind ? DEFAULT_MAX_PER_ORDER[kind] : DEFAULT_MAX_PER_ORDER.accessory
}

/** Open holds (unpaid card orders, undecided finance applications, reservations) one customer may have at once. */
export const MAX_OPEN_CARD_ORDERS = 3
export const MAX_OPEN_FINANCE_APPLICATIONS = 2

/**
 * What one network (an IPv4 address, or an IPv6 /64) may hold unpaid at once, whatever emails it gives (ADR 022):
 * holds in all (card orders awaiting payment, reservations with the deposit unpaid, finance applications not yet
 * decided), and units of any one product across them, twice what one order may take.
 */
export const MAX_UNPAID_HOLDS_PER_NETWORK = 6

export function maxUnpaidUnitsPerNetwork(kind: ProductKind | null | undefined): number {
  return 2 * maxPerOrder(kind)
}
