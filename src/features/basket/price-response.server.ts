// Turns the authoritative pricing into the JSON the basket pages read (POST /api/basket/price).
import 'server-only'
import type { Payload } from 'payload'
import type { DeliveryMethod } from '../../domain/delivery/delivery'
import type { BasketLineInput } from './basket-request'
import { priceBasket } from './price-basket.server'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { pickupLocation } from './pickup-location.server'
import type { BasketPricingResponse } from './pricing-contract'
import { payLaterVerdict } from '../../domain/payments/pay-later'
import { payLaterSettingsOf } from '../payments/pay-later-settings'
import { cycleToWorkSettingsOf } from '../payments/cycle-to-work-settings'
import { CYCLE_SCHEMES, isCycleToWorkKind } from '../../domain/payments/cycle-to-work'

export async function pricedBasketJson(
  payload: Payload,
  lines: readonly BasketLineInput[],
  options: { couponCode?: string | null; deliveryMethod?: DeliveryMethod | null; now?: Date } = {},
): Promise<BasketPricingResponse> {
  const settings = await siteSettings(payload)
  const pickup = pickupLocation(payload, settings)
  // Collection needs somewhere to collect from: without a configured shop address it is not offered.
  const wantsUnofferedPickup = options.deliveryMethod === 'free' && !pickup
  const priced = await priceBasket(payload, lines, { ...options, settings, deliveryMethod: wantsUnofferedPickup ? null : options.deliveryMethod })
  const deliveryOptions = priced.deliveryOptions.filter((o) => o.method !== 'free' || pickup)
  const c2w = cycleToWorkSettingsOf(settings)
  const eligiblePence = Math.min(priced.totals.totalPence, priced.lines.filter((l) => isCycleToWorkKind(l.kind, c2w)).reduce((sum, l) => sum + l.item.product.pricePence * l.item.count, 0))
  return {
    lines: priced.lines.map(({ item, kind, requestedCount }) => ({
      itemId: item.itemId,
      productId: Number(item.product.productId),
      variantId: item.product.variantId === undefined ? null : Number(item.product.variantId),
      name: item.product.name,
      sku: item.product.sku,
      pricePence: item.product.pricePence,
      vatRatePercent: item.product.vatRatePercent,
      stockQuantity: item.product.stockQuantity,
      slug: item.product.slug,
      image: item.product.image ?? null,
      count: item.count,
      requestedCount,
      kind,
      lineTotalPence: item.product.pricePence * item.count,
    })),
    problems: priced.problems,
    coupon: priced.coupon,
    deliveryOptions,
    delivery: priced.delivery,
    deliveryProblem: wantsUnofferedPickup && priced.lines.length > 0 ? 'Collection from the shop is not available at the moment. Please choose delivery.' : priced.deliveryProblem,
    pickupLocation: pickup,
    totals: {
      subtotalPence: priced.totals.subtotalPence,
      discountPence: priced.totals.discountPence,
      shippingPence: priced.totals.shippingPence,
      shippingToBeQuoted: priced.delivery !== null && priced.delivery.feePence === null,
      vatPence: priced.totals.vatPence,
      vatBreakdown: priced.totals.vatBreakdown,
      totalPence: priced.totals.totalPence,
    },
    cycleToWork: {
      available: c2w.enabled && eligiblePence > 0,
      schemes: CYCLE_SCHEMES.filter((s) => c2w.schemes.includes(s.value)).map((s) => ({ value: s.value, label: s.label })),
      eligiblePence,
      message: !c2w.enabled ? 'We are not taking Cycle to Work certificates at the moment.' : eligiblePence === 0 ? 'Nothing in your basket can be bought with a Cycle to Work certificate: it pays for bicycles, e-bikes and their safety equipment.' : null,
    },
    payLater: payLaterVerdict(priced.lines.map((l) => ({ name: l.item.product.name, kind: l.kind })), priced.totals.totalPence, payLaterSettingsOf(settings)),
  }
}
