// The dealer's shop as the pick-up location (spec §7): from site settings, or none (logged) when no usable address is set.
import 'server-only'
import type { Payload } from 'payload'
import { resolveShippingAddress } from '../../domain/delivery/delivery'
import type { SiteSetting } from '../../payload-types'
import type { PickupLocationJson } from './pricing-contract'

export function pickupLocation(payload: Payload, settings: SiteSetting): PickupLocationJson | null {
  const a = settings.address
  const result = resolveShippingAddress('free', {
    dealerShop: a ? { address1: a.line1 ?? '', address2: a.line2 ?? '', city: a.town ?? '', postcode: a.postcode ?? '', country: a.country ?? 'GB' } : null,
  })
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
