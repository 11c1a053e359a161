// The checkout form's contact and address kept in the browser store (spec §3 "saved checkout details"; spec §4: the
// store under "root", slice `checkout`), so a guest who goes back or reloads does not retype everything. Only these
// nine text fields are ever kept: no card data (cards are taken on the payment page) and not the terms box.
import { parseStoredRoot } from '../../config/browser-storage'

export const CHECKOUT_DETAIL_FIELDS = [
  'contact.firstName',
  'contact.lastName',
  'contact.email',
  'contact.phone',
  'address.line1',
  'address.line2',
  'address.town',
  'address.county',
  'address.postcode',
] as const

export type CheckoutDetailField = (typeof CHECKOUT_DETAIL_FIELDS)[number]
export type CheckoutDetails = Partial<Record<CheckoutDetailField, string>>

/** The saved details, field by field: one damaged value costs that field only; anything else in the slice is ignored. */
export function checkoutDetailsFromStore(raw: string | null): CheckoutDetails {
  const slice = parseStoredRoot(raw).checkout
  if (!slice || typeof slice !== 'object' || Array.isArray(slice)) return {}
  const details: CheckoutDetails = {}
  for (const field of CHECKOUT_DETAIL_FIELDS) {
    const value = (slice as Record<string, unknown>)[field]
    if (typeof value === 'string' && value !== '' && value.length <= 254) details[field] = value
  }
  return details
}

/** The store text with the checkout slice replaced (only the known fields, trimmed to size); other slices untouched. */
export function storeWithCheckoutDetails(raw: string | null, details: CheckoutDetails): string {
  const kept: CheckoutDetails = {}
  for (const field of CHECKOUT_DETAIL_FIELDS) {
    const value = details[field]
    if (typeof value === 'string' && value !== '') kept[field] = value.slice(0, 254)
  }
  return JSON.stringify({ ...parseStoredRoot(raw), checkout: kept })
}
