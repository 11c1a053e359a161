// Delivery options for a basket, the shipping address each one uses (spec §7), and UK postcodes.
/*
 * Rule for motorcycles and scooters (UK dealer practice): a road vehicle is never sent by parcel carrier;
 * it is handed over by the dealer, who registers it, fuels it and goes through it with the rider.
 *
 * - A basket with any motorcycle or scooter travels as one order: parcel home delivery is not offered for it,
 *   accessories and rider wear included (they go with the vehicle).
 * - Collection from the dealer's shop is always offered and always free.
 * - Dealer van delivery to the customer's address is offered instead of parcel. It costs one fee per order,
 *   by road distance from the shop: up to 25 miles £49, up to 50 miles £89, up to 100 miles £149. Beyond
 *   100 miles, or while the distance is not known (the caller looks it up from the postcode), the fee is
 *   null: the dealer quotes it after the order and nothing is charged for it online.
 * - Everything else (bicycles, e-bikes, rider wear, accessories) can go by parcel at the flat rate, which is
 *   0 by default because the spec has the shipping fee disabled (§9); the rate is a parameter so it can change.
 */
import type { ProductKind } from '../catalogue/product-kind'
import type { Pence } from '../money'

/** Spec §7 names: flat_rate is parcel home delivery, free is collection from the dealer's shop. */
export type DeliveryMethod = 'flat_rate' | 'free' | 'dealer_delivery'

/** Kinds that only the dealer can hand over. */
export const DEALER_ONLY_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter']

export interface DeliveryLine {
  readonly kind: ProductKind
  readonly count: number
}

export interface DealerDeliveryBand {
  readonly upToMiles: number
  readonly feePence: Pence
}

export interface DeliveryRates {
  readonly flatRatePence: Pence
  /** In rising order of distance; a distance past the last band is quoted. */
  readonly dealerDeliveryBands: readonly DealerDeliveryBand[]
}

export const DEFAULT_DELIVERY_RATES: DeliveryRates = {
  flatRatePence: 0,
  dealerDeliveryBands: [
    { upToMiles: 25, feePence: 4900 },
    { upToMiles: 50, feePence: 8900 },
    { upToMiles: 100, feePence: 14900 },
  ],
}

export interface DeliveryOption {
  readonly method: DeliveryMethod
  readonly label: string
  readonly description: string
  /** null: the dealer quotes the fee after the order; nothing is charged for it at checkout. */
  readonly feePence: Pence | null
  /** Whose address the order ships to: the customer's entered one, or the dealer's shop. */
  readonly addressSource: 'customer' | 'dealer'
}

export interface DeliveryContext {
  /** Road distance from the dealer's shop to the customer's postcode, when known. */
  readonly distanceMiles?: number
  readonly rates?: DeliveryRates
}

export function needsDealerHandover(lines: readonly DeliveryLine[]): boolean {
  return lines.some((l) => l.count > 0 && DEALER_ONLY_KINDS.includes(l.kind))
}

/** The van fee for a distance, or null when it has to be quoted. */
export function dealerDeliveryFee(distanceMiles: number | undefined, bands: readonly DealerDeliveryBand[]): Pence | null {
  if (distanceMiles === undefined || !Number.isFinite(distanceMiles) || distanceMiles < 0) return null
  return bands.find((b) => distanceMiles <= b.upToMiles)?.feePence ?? null
}

/** The ways this basket can reach the customer, with fees; an empty basket has none. */
export function deliveryOptionsFor(lines: readonly DeliveryLine[], context: DeliveryContext = {}): DeliveryOption[] {
  const rates = context.rates ?? DEFAULT_DELIVERY_RATES
  if (!lines.some((l) => l.count > 0)) return []
  const collection: DeliveryOption = {
    method: 'free',
    label: 'Collect from the dealer',
    description: 'Pick up your order from our shop, free of charge.',
    feePence: 0,
    addressSource: 'dealer',
  }
  if (!needsDealerHandover(lines)) {
    return [
      {
        method: 'flat_rate',
        label: 'Home delivery',
        description: 'Delivered to your address by courier.',
        feePence: rates.flatRatePence,
        addressSource: 'customer',
      },
      collection,
    ]
  }
  const vanFee = dealerDeliveryFee(context.distanceMiles, rates.dealerDeliveryBands)
  return [
    {
      method: 'dealer_delivery',
      label: 'Delivery by the dealer',
      description:
        vanFee === null
          ? 'We deliver motorcycles and scooters in our own van. We will call you to arrange a day and agree the delivery price.'
          : 'We deliver motorcycles and scooters in our own van. We will call you to arrange a day.',
      feePence: vanFee,
      addressSource: 'customer',
    },
    collection,
  ]
}

/** The option with this method, if the basket may use it. */
export function findDeliveryOption(lines: readonly DeliveryLine[], method: string, context: DeliveryContext = {}): DeliveryOption | undefined {
  return deliveryOptionsFor(lines, context).find((o) => o.method === method)
}

/*
 * Shipping addresses (spec §7). The shape is the one the order call sends (call #5): names plus
 * address1, address2, city, postcode, country.
 */

/** Spec §7: the exact text the caller logs when no address can be found for the chosen method. */
export const PICKUP_LOCATION_NOT_FOUND_MESSAGE = 'pick up location not found'

/** Spec §7 default names, used when an address has no one named on it (the dealer's shop, typically). */
export const DEFAULT_SHIPPING_FIRST_NAME = 'Dealer'
export const DEFAULT_SHIPPING_LAST_NAME = 'Website'

export interface PostalAddress {
  readonly firstName?: string
  readonly lastName?: string
  readonly address1: string
  readonly address2?: string
  readonly city: string
  readonly postcode: string
  /** ISO 3166 alpha-2; the shop delivers in the UK only. */
  readonly country?: string
}

export interface ShippingAddress {
  readonly firstName: string
  readonly lastName: string
  readonly address1: string
  readonly address2: string
  readonly city: string
  readonly postcode: string
  readonly country: 'GB'
}

export type ShippingAddressResult =
  | { readonly ok: true; readonly address: ShippingAddress }
  | { readonly ok: false; readonly reason: 'pickup_location_not_found'; readonly logMessage: typeof PICKUP_LOCATION_NOT_FOUND_MESSAGE }
  | { readonly ok: false; readonly reason: 'customer_address_incomplete' | 'invalid_postcode' | 'outside_uk'; readonly message: string }

function toShippingAddress(address: PostalAddress, postcode: string): ShippingAddress {
  return {
    firstName: address.firstName?.trim() || DEFAULT_SHIPPING_FIRST_NAME,
    lastName: address.lastName?.trim() || DEFAULT_SHIPPING_LAST_NAME,
    address1: address.address1.trim(),
    address2: address.address2?.trim() ?? '',
    city: address.city.trim(),
    postcode,
    country: 'GB',
  }
}

function isUk(address: PostalAddress): boolean {
  const country = (address.country ?? 'GB').trim().toUpperCase()
  return country === 'GB' || country === 'UK'
}

/**
 * Where the order ships: the customer's entered address for flat rate and dealer delivery, the dealer's
 * shop for collection. A method with no address to use (an unknown method, or collection when the shop
 * has no usable address) is the spec's 'pick up location not found', which the caller logs. A customer
 * address that cannot be delivered to gets a message for the customer instead, since they can fix it.
 */
export function resolveShippingAddress(
  method: string,
  addresses: { readonly customer?: PostalAddress | null; readonly dealerShop?: PostalAddress | null },
): ShippingAddressResult {
  if (method === 'flat_rate' || method === 'dealer_delivery') {
    const customer = addresses.customer
    if (!customer || customer.address1.trim() === '' || customer.city.trim() === '') {
      return { ok: false, reason: 'customer_address_incomplete', message: 'Please enter the first line of your address and your town or city.' }
    }
    if (!isUk(customer)) {
      return { ok: false, reason: 'outside_uk', message: 'We deliver to UK addresses only.' }
    }
    const postcode = normaliseUkPostcode(customer.postcode)
    if (!postcode) return { ok: false, reason: 'invalid_postcode', message: 'Please enter a valid UK postcode, for example SW1A 1AA.' }
    return { ok: true, address: toShippingAddress(customer, postcode) }
  }
  if (method === 'free') {
    const shop = addresses.dealerShop
    const postcode = shop ? normaliseUkPostcode(shop.postcode) : null
    if (shop && postcode && shop.address1.trim() !== '' && shop.city.trim() !== '') {
      return { ok: true, address: toShippingAddress(shop, postcode) }
    }
  }
  return { ok: false, reason: 'pickup_location_not_found', logMessage: PICKUP_LOCATION_NOT_FOUND_MESSAGE }
}

/*
 * UK postcodes: outward code (area, district, optional sub-district letter) and inward code (sector digit,
 * two unit letters), with the Royal Mail letter restrictions so typos such as a V in the first place fail
 * early. GIR 0AA is the one historic exception. BFPO numbers and overseas territories are not delivered to.
 */
const POSTCODE = /^([A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?))([0-9][ABD-HJLNP-UW-Z]{2})$/

/** 'sw1a1aa' → 'SW1A 1AA'; null when it is not a UK postcode. */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase()
  if (compact === 'GIR0AA') return 'GIR 0AA'
  const [, outward, inward] = POSTCODE.exec(compact) ?? []
  return outward && inward ? `${outward} ${inward}` : null
}

export function isUkPostcode(input: string): boolean {
  return normaliseUkPostcode(input) !== null
}
