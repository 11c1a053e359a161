// The dealer's shop as the pick-up location (spec §7): from site settings, or none (logged) when no usable address is set.
import 'server-only'
import type { Payload } from 'payload'
import { resolveShippingAddress, type PostalAddress } from '../../domain/delivery/delivery'
import type { SiteSetting } from '../../payload-types'
import type { PickupLocationJson } from './pricing-contract'

/** The shop's address from site settings as a postal address; blank parts are judged by resolveShippingAddress. */
export function dealerShopOf(settings: SiteSetting): PostalAddress | null {
  const a = settings.address
  return a ? { address1: a.line1 ?? '', address2: a.line2 ?? '', city: a.town ?? '', postcode: a.postcode ?? '', country: a.country ?? 'GB' } : null
}

export function pickupLocation(payload: Payload, settings: SiteSetting): PickupLocationJson | null {
  const a = settings.address
  const result = resolveShippingAddress('free', { dealerShop: dealerShopOf(settings) })
  if (!result.ok) {
    if (result.reason === 'pickup_location_not_found') payload.logger.warn({ settings: 'site-settings.address' }, result.logMessage)
    return null
  }
  const { address } = result
  return {
    name: settings.dealerName || `${address.firstName} ${address.lastName}`,
    lines: [address.address1, address.address2, address.city, a?.county ?? '', address.postcode].filter((l) => l.trim() !== ''),
  }
}
