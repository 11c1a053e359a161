// GA4 ecommerce events, built from what the shop already shows. Pure data: the browser pushes them
// to the dataLayer only after the visitor accepts analytics (features/consent). GA4 reads money as a number of
// pounds, so pence become pounds here and nowhere else; sums are made in pence first, so no float drifts.
import type { Pence } from '../money'

export const GA4_CURRENCY = 'GBP'

export type Ga4EventName = 'view_item_list' | 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase'

/** GA4's item shape (https://developers.google.com/analytics/devguides/collection/ga4/ecommerce). */
export interface Ga4Item {
  readonly item_id: string
  readonly item_name: string
  readonly item_brand?: string
  readonly item_category?: string
  /** one unit's price in pounds */
  readonly price: number
  readonly quantity: number
  readonly index?: number
  readonly item_list_id?: string
  readonly item_list_name?: string
}

export interface Ga4Ecommerce {
  readonly currency: typeof GA4_CURRENCY
  readonly value?: number
  readonly items: readonly Ga4Item[]
  readonly item_list_id?: string
  readonly item_list_name?: string
  readonly transaction_id?: string
  readonly tax?: number
  readonly shipping?: number
  readonly coupon?: string
}

export interface Ga4EcommerceEvent {
  readonly event: Ga4EventName
  readonly ecommerce: Ga4Ecommerce
}

/** What the shop knows of one thing sold, in its own terms. */
export interface ItemFacts {
  /** the SKU; the slug when a product has none of its own (a variable product's list card) */
  readonly sku: string | null | undefined
  readonly slug: string
  readonly name: string
  readonly brand?: string | null
  /** the product's kind or category name */
  readonly category?: string | null
  readonly unitPricePence: Pence
  readonly quantity?: number
}

export function penceToPounds(pence: Pence): number {
  return Math.round(pence) / 100
}

export function ga4Item(facts: ItemFacts, extra: Pick<Ga4Item, 'index' | 'item_list_id' | 'item_list_name'> = {}): Ga4Item {
  return {
    item_id: facts.sku?.trim() || facts.slug,
    item_name: facts.name,
    ...(facts.brand ? { item_brand: facts.brand } : {}),
    ...(facts.category ? { item_category: facts.category } : {}),
    price: penceToPounds(facts.unitPricePence),
    quantity: facts.quantity ?? 1,
    ...extra,
  }
}

function valueOf(items: readonly ItemFacts[]): number {
  return penceToPounds(items.reduce((sum, i) => sum + i.unitPricePence * (i.quantity ?? 1), 0))
}

/** Only things with a price are items: a price-on-application bike says nothing GA4 could add up. */
function priced<T extends { readonly unitPricePence: Pence | null }>(items: readonly T[]): (T & { readonly unitPricePence: Pence })[] {
  return items.filter((i): i is T & { readonly unitPricePence: Pence } => i.unitPricePence !== null)
}

export function viewItemListEvent(list: { readonly id: string; readonly name: string }, items: readonly (Omit<ItemFacts, 'unitPricePence'> & { readonly unitPricePence: Pence | null })[], firstIndex = 0): Ga4EcommerceEvent {
  return {
    event: 'view_item_list',
    ecommerce: {
      currency: GA4_CURRENCY,
      item_list_id: list.id,
      item_list_name: list.name,
      // index is the item's place in the whole list, so page 2 goes on where page 1 stopped
      items: items.flatMap((item, i) => (item.unitPricePence === null ? [] : [ga4Item({ ...item, unitPricePence: item.unitPricePence }, { index: firstIndex + i, item_list_id: list.id, item_list_name: list.name })])),
    },
  }
}

export function viewItemEvent(item: ItemFacts): Ga4EcommerceEvent {
  return { event: 'view_item', ecommerce: { currency: GA4_CURRENCY, value: valueOf([item]), items: [ga4Item(item)] } }
}

export function addToCartEvent(item: ItemFacts): Ga4EcommerceEvent {
  return { event: 'add_to_cart', ecommerce: { currency: GA4_CURRENCY, value: valueOf([item]), items: [ga4Item(item)] } }
}

export function beginCheckoutEvent(items: readonly ItemFacts[], checkout: { readonly totalPence: Pence; readonly coupon?: string | null }): Ga4EcommerceEvent {
  return {
    event: 'begin_checkout',
    ecommerce: {
      currency: GA4_CURRENCY,
      value: penceToPounds(checkout.totalPence),
      ...(checkout.coupon ? { coupon: checkout.coupon } : {}),
      items: priced(items).map((i) => ga4Item(i)),
    },
  }
}

export interface PurchaseFacts {
  readonly orderNumber: string
  readonly totalPence: Pence
  readonly vatPence: Pence
  readonly shippingPence: Pence
  readonly coupon?: string | null
  readonly lines: readonly ItemFacts[]
}

export function purchaseEvent(order: PurchaseFacts): Ga4EcommerceEvent {
  return {
    event: 'purchase',
    ecommerce: {
      currency: GA4_CURRENCY,
      transaction_id: order.orderNumber,
      value: penceToPounds(order.totalPence),
      tax: penceToPounds(order.vatPence),
      shipping: penceToPounds(order.shippingPence),
      ...(order.coupon ? { coupon: order.coupon } : {}),
      items: order.lines.map((l) => ga4Item(l)),
    },
  }
}

/** The browser-storage key that marks an event sent, for events that must be sent once (a purchase per order). */
export function onceKeyFor(event: Ga4EcommerceEvent): string | null {
  return event.event === 'purchase' && event.ecommerce.transaction_id ? `purchase:${event.ecommerce.transaction_id}` : null
}
