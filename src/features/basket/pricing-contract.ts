// The JSON that POST /api/basket/price answers, shared by the route (which builds it) and the browser (which reads it).
import type { BasketProblem, ProductSnapshot } from '../../domain/basket/basket'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import type { PayLaterVerdict } from '../../domain/payments/pay-later'
import type { CycleScheme } from '../../domain/payments/cycle-to-work'
import type { CouponCodeState } from '../../domain/coupons/coupon'
import type { DeliveryMethod, DeliveryOption } from '../../domain/delivery/delivery'
import type { Pence } from '../../domain/money'
import type { VatRateTotal } from '../../domain/vat/vat'

/** One line as the catalogue prices it now: a fresh snapshot plus the count it may have. */
export interface PricedLineJson {
  readonly itemId: string
  readonly productId: number
  readonly variantId: number | null
  readonly name: string
  readonly sku: string
  readonly pricePence: Pence
  readonly vatRatePercent: number
  readonly stockQuantity: number
  readonly slug: string
  readonly image: { readonly url: string; readonly alt: string } | null
  /** Capped at stock; `requestedCount` is what the browser asked for. */
  readonly count: number
  readonly requestedCount: number
  readonly kind: ProductKind
  readonly lineTotalPence: Pence
}

export interface PickupLocationJson {
  readonly name: string
  readonly lines: readonly string[]
}

export interface BasketPricingResponse {
  readonly lines: readonly PricedLineJson[]
  readonly problems: readonly BasketProblem[]
  /** The coupon as checked now: applied, or invalid with a `message` to show; null when none was sent. */
  readonly coupon: CouponCodeState
  readonly deliveryOptions: readonly DeliveryOption[]
  readonly delivery: DeliveryOption | null
  readonly deliveryProblem: string | null
  /** The dealer's shop for collection; null when none is configured (collection is then not offered). */
  readonly pickupLocation: PickupLocationJson | null
  readonly totals: {
    readonly subtotalPence: Pence
    readonly discountPence: Pence
    readonly shippingPence: Pence
    /** The chosen delivery's fee is agreed with the dealer after the order (van delivery without a distance). */
    readonly shippingToBeQuoted: boolean
    readonly vatPence: Pence
    /** The total per VAT treatment: what bears VAT at each rate, what is outside its scope, the margin scheme (ADR 044). */
    readonly vatBreakdown: readonly VatRateTotal[]
    readonly totalPence: Pence
  }
  /** Whether Klarna's Pay in 3 suits this basket at its total now, with the instalments or the reason (ADR 052). */
  readonly payLater?: PayLaterVerdict
  /** Whether a Cycle to Work certificate can pay for some of this basket: the schemes taken and the eligible goods' value (ADR 053). */
  readonly cycleToWork?: CycleToWorkOffer
}

export interface CycleToWorkOffer {
  readonly available: boolean
  readonly schemes: readonly { readonly value: CycleScheme; readonly label: string }[]
  /** The most a certificate may be worth for this basket: its eligible goods, within the total. */
  readonly eligiblePence: Pence
  /** Why not, when it is not available. */
  readonly message: string | null
}

export interface BasketPricingQuery {
  readonly lines: readonly { readonly productId: number; readonly variantId?: number | null; readonly count: number }[]
  readonly couponCode?: string | null
  readonly deliveryMethod?: DeliveryMethod | null
}

/** The snapshot a priced line gives the basket (reconcileBasket compares it with the stored one). */
export function snapshotOf(line: PricedLineJson): ProductSnapshot {
  return {
    productId: line.productId,
    ...(line.variantId !== null ? { variantId: line.variantId } : {}),
    name: line.name,
    sku: line.sku,
    pricePence: line.pricePence,
    vatRatePercent: line.vatRatePercent,
    stockQuantity: line.stockQuantity,
    slug: line.slug,
    ...(line.image ? { image: line.image } : {}),
  }
}
