// The contract of order placement shared by card checkout and finance orders (implemented in place-order.server.ts).
import type { FinanceDisclosureTexts } from '../../domain/finance/disclosures'
import type { DeliveryMethod } from '../../domain/delivery/delivery'
import type { BasketLineInput } from '../basket/basket-request'
import type { CheckoutForm } from '../checkout/checkout-form'
import type { Order } from '../../payload-types'
import type { PaymentMethod } from '../../adapters/payments/payment-provider'
import type { CertificateEntry } from '../../domain/payments/cycle-to-work'

export type OrderKind = 'card' | 'finance'

export interface FinanceOrderDetails {
  readonly quoteId: string
  readonly lenderName: string
  readonly funderCode: string
  readonly facilityType: 'HP' | 'PCP'
  /** The accepted quote's Figures, stored as the customer saw them. */
  readonly figures: Record<string, unknown>
  /** The representative example and the dealer's disclosures the customer was shown with the quote, as it recorded them. */
  readonly shownExample?: Record<string, unknown> | null
  readonly disclosures?: FinanceDisclosureTexts | null
}

export interface PlaceOrderInput {
  readonly kind: OrderKind
  /** A card order's way to pay: card (the default), Klarna's Pay in 3, or a Cycle to Work certificate (any balance by card); each suits only some baskets. */
  readonly paymentMethod?: PaymentMethod | 'cycle_to_work'
  /** With `cycle_to_work`: the certificate, redeemed in full in this order (ADR 053). */
  readonly certificate?: CertificateEntry
  /** Idempotency key: the same key always answers with the same order and never holds stock twice. */
  readonly checkoutKey: string
  readonly lines: readonly BasketLineInput[]
  readonly couponCode?: string | null
  readonly deliveryMethod: DeliveryMethod
  readonly contact: CheckoutForm['contact']
  readonly address: CheckoutForm['address']
  /** The signed-in customer placing it, if any (guests: null). */
  readonly customerId?: number | null
  readonly finance?: FinanceOrderDetails
  /** The hash of the placing browser's order-access token (see order-access.server.ts), kept with the new order. */
  readonly accessTokenHash?: string
  /**
   * A reservation this card order completes (the caller has checked the customer's right to it): its held
   * bike is handed to the order instead of taking new stock, and its deposit comes off the total.
   */
  readonly reservation?: { readonly id: number }
  /** networkKey of the placing client's address, for the caps on what one network may hold unpaid (ADR 022); null for staff and service calls. */
  readonly network?: string | null
}

export type PlaceOrderRefusal =
  /** Not enough stock for a line (including losing the race for the last unit). */
  | { readonly ok: false; readonly status: 409; readonly code: 'sold_out'; readonly message: string; readonly problems: readonly { itemId: string; message: string }[] }
  /** A product or variant that does not exist, is withdrawn or has no price. */
  | { readonly ok: false; readonly status: 422; readonly code: 'unavailable'; readonly message: string; readonly problems: readonly { itemId: string; message: string }[] }
  | { readonly ok: false; readonly status: 422; readonly code: 'coupon_invalid'; readonly message: string }
  | { readonly ok: false; readonly status: 422; readonly code: 'delivery_unavailable'; readonly message: string }
  | { readonly ok: false; readonly status: 409; readonly code: 'in_progress'; readonly message: string }
  | { readonly ok: false; readonly status: 429; readonly code: 'too_many_holds' | 'network_holds'; readonly message: string }
  | { readonly ok: false; readonly status: 409 | 422; readonly code: 'reservation_unavailable'; readonly message: string }
  /** Pay in 3 asked for a basket it does not suit (its kinds or total); the message says why. */
  | { readonly ok: false; readonly status: 422; readonly code: 'payment_method_unavailable'; readonly message: string }
  /** A Cycle to Work certificate this basket cannot take (worth more than its eligible goods, a scheme the shop does not take…); the message says why and how much more to add. */
  | { readonly ok: false; readonly status: 422; readonly code: 'certificate_refused'; readonly message: string; readonly shortfallPence?: number }
  /** A card order that comes to £0: never sent to the card provider. */
  | { readonly ok: false; readonly status: 409; readonly code: 'nothing_to_pay'; readonly message: string }

export type PlaceOrderResult =
  | {
      readonly ok: true
      readonly orderId: number
      readonly orderNumber: string
      readonly totalPence: number
      /** false when the key had already placed this order */
      readonly created: boolean
      /** the order as written (depth 0), so the caller need not read it back */
      readonly order: Order
    }
  | PlaceOrderRefusal
