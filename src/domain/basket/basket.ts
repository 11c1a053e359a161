// The basket of spec §3 and §4 as an immutable value, with the pure rules that change it and price it.
import { discountForCouponCode, UNSUPPORTED_DISCOUNT_TYPE_MESSAGE, type CouponCodeState } from '../coupons/coupon'
import { isSellingPrice, pricedVatLines, type MandatoryCharge } from '../catalogue/product-price'
import { formatPence, type Pence } from '../money'
import { analyseVat, treatmentForRate, type VatLineInput, type VatRateTotal, type VatTreatment } from '../vat/vat'

/** Payload ids are numbers on SQLite and PostgreSQL; strings are accepted so a basket survives a change of database. */
export type CatalogueId = string | number

/** What the basket remembers of a product when it was added; prices are VAT-inclusive pence. */
export interface ProductSnapshot {
  readonly productId: CatalogueId
  readonly variantId?: CatalogueId
  readonly name: string
  readonly sku: string
  /**
   * The headline price of one unit (ADR 023): the product's price plus every mandatory charge. null when the
   * product has no price (price on application); such a product cannot be bought.
   */
  readonly pricePence: Pence | null
  readonly vatRatePercent: number
  /** How the product is treated for VAT when not what its rate says: `margin` for a used vehicle (ADR 044). */
  readonly vatTreatment?: VatTreatment
  /** The mandatory charges contained in `pricePence`, per unit, each with its VAT treatment (none when absent). */
  readonly charges?: readonly MandatoryCharge[]
  readonly stockQuantity: number
  readonly slug: string
  readonly image?: { readonly url: string; readonly alt: string }
}

/** A snapshot the basket can hold: one with a price. */
export type PricedProductSnapshot = ProductSnapshot & { readonly pricePence: Pence }

/**
 * One basket line. `product` is the spec's `item`. `updatedStock` is always stock minus count, kept on the
 * line because the product page shows it; `addedItemCount` is how many units the latest add or plus put in,
 * which the added-to-basket modal announces.
 */
export interface BasketItem {
  readonly itemId: string
  readonly product: PricedProductSnapshot
  readonly count: number
  readonly updatedStock: number
  readonly addedItemCount: number
}

/**
 * The basket's domain state. The spec's show/hide flags, saved checkout form and shipping-selected flag are
 * screen state, so they live with the screens, not here.
 */
export interface Basket {
  readonly items: readonly BasketItem[]
  readonly couponCode: CouponCodeState
}

export const EMPTY_BASKET: Basket = { items: [], couponCode: null }

/** A variant is its own line, so two sizes of one jacket never merge. */
export function itemIdFor(product: Pick<ProductSnapshot, 'productId' | 'variantId'>): string {
  return product.variantId === undefined ? String(product.productId) : `${String(product.productId)}:${String(product.variantId)}`
}

/** Stock the basket may use: a negative or fractional figure from the catalogue must never let a count through. */
function usableStock(product: ProductSnapshot): number {
  return Number.isFinite(product.stockQuantity) ? Math.max(0, Math.floor(product.stockQuantity)) : 0
}

function line(product: PricedProductSnapshot, count: number, addedItemCount: number): BasketItem {
  return { itemId: itemIdFor(product), product, count, updatedStock: usableStock(product) - count, addedItemCount }
}

function hasPrice(product: ProductSnapshot): product is PricedProductSnapshot {
  return isSellingPrice(product.pricePence)
}

function replaceItem(basket: Basket, itemId: string, next: BasketItem | null): Basket {
  const items = next ? basket.items.map((i) => (i.itemId === itemId ? next : i)) : basket.items.filter((i) => i.itemId !== itemId)
  return { ...basket, items }
}

export function findItem(basket: Basket, itemId: string): BasketItem | undefined {
  return basket.items.find((i) => i.itemId === itemId)
}

export type AddRefusalReason = 'no_price' | 'out_of_stock' | 'invalid_count'

export type AddToBasketResult =
  | {
      readonly ok: true
      readonly basket: Basket
      readonly item: BasketItem
      /** Units actually added; less than asked when stock ran out. */
      readonly addedCount: number
      readonly limitedByStock: boolean
    }
  | { readonly ok: false; readonly basket: Basket; readonly reason: AddRefusalReason; readonly message: string }

/**
 * Add `count` units: a new line, or more of an existing one with its snapshot refreshed (the product page
 * just showed the current price and stock). The count is capped at stock rather than refused, so the
 * customer gets what there is and is told.
 */
export function addToBasket(basket: Basket, product: ProductSnapshot, count = 1): AddToBasketResult {
  if (!Number.isSafeInteger(count) || count < 1) {
    return { ok: false, basket, reason: 'invalid_count', message: 'Choose how many you would like: one or more.' }
  }
  if (!hasPrice(product)) {
    return { ok: false, basket, reason: 'no_price', message: `${product.name} has no online price. Please contact us for a price.` }
  }
  const itemId = itemIdFor(product)
  const existing = findItem(basket, itemId)
  const current = existing?.count ?? 0
  const room = usableStock(product) - current
  if (room <= 0) {
    const message = current > 0 ? `You already have all ${current} of ${product.name} we have in stock.` : `${product.name} is out of stock.`
    return { ok: false, basket, reason: 'out_of_stock', message }
  }
  const addedCount = Math.min(count, room)
  const item = line(product, current + addedCount, addedCount)
  const next = existing ? replaceItem(basket, itemId, item) : { ...basket, items: [...basket.items, item] }
  return { ok: true, basket: next, item, addedCount, limitedByStock: addedCount < count }
}

/** Set a line's count: 0 or less removes it; more than stock is capped at stock (a count never exceeds stock). */
export function setItemCount(basket: Basket, itemId: string, count: number): Basket {
  const existing = findItem(basket, itemId)
  if (!existing) return basket
  const wanted = Number.isFinite(count) ? Math.floor(count) : 0
  if (wanted <= 0) return removeItem(basket, itemId)
  const capped = Math.min(wanted, usableStock(existing.product))
  if (capped <= 0) return removeItem(basket, itemId)
  if (capped === existing.count) return basket
  return replaceItem(basket, itemId, line(existing.product, capped, Math.max(0, capped - existing.count)))
}

/** Whether plus would do anything; lets the screen disable the button instead of ignoring the tap. */
export function canIncrement(basket: Basket, itemId: string): boolean {
  const existing = findItem(basket, itemId)
  return existing !== undefined && existing.count < usableStock(existing.product)
}

/** Plus: one more unit while the count stays within stock; otherwise the same basket (spec §5). */
export function incrementItem(basket: Basket, itemId: string): Basket {
  const existing = findItem(basket, itemId)
  if (!existing || !canIncrement(basket, itemId)) return basket
  return replaceItem(basket, itemId, line(existing.product, existing.count + 1, 1))
}

/** Minus: one fewer unit; the line goes at 0. */
export function decrementItem(basket: Basket, itemId: string): Basket {
  const existing = findItem(basket, itemId)
  if (!existing) return basket
  if (existing.count <= 1) return removeItem(basket, itemId)
  return replaceItem(basket, itemId, line(existing.product, existing.count - 1, 0))
}

export function removeItem(basket: Basket, itemId: string): Basket {
  if (!findItem(basket, itemId)) return basket
  return replaceItem(basket, itemId, null)
}

/** Reset: empty the basket, coupon included, as after a paid order. */
export function resetBasket(_basket: Basket): Basket {
  return EMPTY_BASKET
}

export function basketUnitCount(basket: Basket): number {
  return basket.items.reduce((sum, i) => sum + i.count, 0)
}

export function lineTotalPence(item: BasketItem): Pence {
  return item.product.pricePence * item.count
}

export function basketSubtotalPence(basket: Basket): Pence {
  return basket.items.reduce((sum, i) => sum + lineTotalPence(i), 0)
}

/** The delivery fee and the VAT rate it carries (delivery follows the goods: standard rate for these). */
export interface ShippingCharge {
  readonly feePence: Pence
  readonly vatRatePercent: number
}

/** Spec §9: the shipping fee is effectively 0 unless a delivery option says otherwise. */
export const NO_SHIPPING: ShippingCharge = { feePence: 0, vatRatePercent: 20 }

export interface BasketTotals {
  readonly subtotalPence: Pence
  readonly discountPence: Pence
  readonly shippingPence: Pence
  /** VAT contained in the total; each line at its own rate after its share of the discount. */
  readonly vatPence: Pence
  /** The total per VAT treatment (standard, zero-rated, outside the scope, margin scheme), as shown and stored. */
  readonly vatBreakdown: readonly VatRateTotal[]
  readonly totalPence: Pence
  /** Set when the coupon could not be evaluated; the caller logs `logMessage` exactly. */
  readonly discountProblem: { readonly reason: 'unsupported_discount_type'; readonly logMessage: typeof UNSUPPORTED_DISCOUNT_TYPE_MESSAGE } | null
}

/**
 * Shares a discount across lines in proportion to their totals, largest remainder first, so the shares are
 * whole pence that add up exactly. VAT must be worked out on what the customer actually pays for each line.
 */
export function apportion(discount: Pence, weights: readonly Pence[]): Pence[] {
  const total = weights.reduce((a, b) => a + b, 0)
  if (total <= 0 || discount <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (discount * w) / total)
  const shares = exact.map(Math.floor)
  let left = discount - shares.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i] = (shares[i] ?? 0) + 1
    left -= 1
  }
  return shares
}

/** The VAT rate an order line records: a used vehicle under the margin scheme shows none (ADR 044). */
export function lineVatRatePercent(product: Pick<ProductSnapshot, 'vatRatePercent' | 'vatTreatment'>): number {
  return product.vatTreatment === 'margin' ? 0 : product.vatRatePercent
}

/** A line's VAT parts after its share of the discount, each part of its unit price at its own treatment. */
function lineVatLines(item: BasketItem, discountSharePence: Pence): VatLineInput[] {
  const charges = item.product.charges ?? []
  const basePence = item.product.pricePence - charges.reduce((sum, c) => sum + c.pence, 0)
  return pricedVatLines({ basePence, vatRatePercent: item.product.vatRatePercent, vatTreatment: item.product.vatTreatment, charges }, item.count, discountSharePence)
}

/** VAT contained in a line after its share of the discount, each part of its unit price at its own rate. */
export function lineVatPence(item: BasketItem, discountSharePence: Pence): Pence {
  return analyseVat(lineVatLines(item, discountSharePence)).vatPence
}

/**
 * The VAT parts `basketTotals` analyses: each line's (after its share of the discount, in `pricedVatLines` order:
 * its own supply, then each charge outside the scope of VAT) and delivery's (null when free). An order keeps them,
 * labelled, for its invoice (domain/invoices), so the invoice's lines add up to the order's stored breakdown.
 */
export function basketVatParts(basket: Basket, shipping: ShippingCharge = NO_SHIPPING): { readonly lines: VatLineInput[][]; readonly shipping: VatLineInput | null; readonly discountPence: Pence; readonly subtotalPence: Pence; readonly shippingPence: Pence; readonly evaluation: ReturnType<typeof discountForCouponCode> } {
  const lineTotals = basket.items.map(lineTotalPence)
  const subtotalPence = lineTotals.reduce((a, b) => a + b, 0)
  const evaluation = discountForCouponCode(basket.couponCode, subtotalPence)
  const discountPence = evaluation.ok ? Math.min(Math.max(0, evaluation.discountPence), subtotalPence) : 0
  const shippingPence = Math.max(0, Math.round(shipping.feePence))
  const shares = apportion(discountPence, lineTotals)
  return {
    lines: basket.items.map((item, i) => lineVatLines(item, shares[i] ?? 0)),
    shipping: shippingPence > 0 ? { grossPence: shippingPence, treatment: treatmentForRate(shipping.vatRatePercent) } : null,
    discountPence,
    subtotalPence,
    shippingPence,
    evaluation,
  }
}

export function basketTotals(basket: Basket, shipping: ShippingCharge = NO_SHIPPING): BasketTotals {
  const { lines, shipping: shippingPart, discountPence, subtotalPence, shippingPence, evaluation } = basketVatParts(basket, shipping)
  const vat = analyseVat([...lines.flat(), ...(shippingPart ? [shippingPart] : [])])
  return {
    subtotalPence,
    discountPence,
    shippingPence,
    vatPence: vat.vatPence,
    vatBreakdown: vat.byTreatment,
    totalPence: Math.max(0, subtotalPence - discountPence + shippingPence),
    discountProblem: evaluation.ok ? null : { reason: evaluation.reason, logMessage: evaluation.logMessage },
  }
}

/*
 * Reconciling a stored basket. A basket kept in the browser (spec §4 persistence) can be days old: before
 * it is shown or paid for, current prices and stock from the server replace the stored ones, and each
 * change is reported so the basket error can say what happened rather than silently charging a new price.
 */

export type BasketProblem =
  | { readonly kind: 'price_changed'; readonly itemId: string; readonly name: string; readonly fromPence: Pence; readonly toPence: Pence; readonly message: string }
  | { readonly kind: 'out_of_stock'; readonly itemId: string; readonly name: string; readonly message: string }
  | { readonly kind: 'count_reduced'; readonly itemId: string; readonly name: string; readonly from: number; readonly to: number; readonly message: string }
  /** Deleted, hidden, or now without a price: in every case it can no longer be bought online. */
  | { readonly kind: 'product_gone'; readonly itemId: string; readonly name: string; readonly message: string }

export interface ReconciledBasket {
  readonly basket: Basket
  readonly problems: readonly BasketProblem[]
}

/** A basket line whose product now has no price (price on application, or a price of 0, which is none). */
export function noOnlinePriceMessage(name: string): string {
  return `${name} no longer has an online price and has been removed from your basket. Please contact us for a price.`
}

export function reconcileBasket(basket: Basket, freshProducts: readonly ProductSnapshot[]): ReconciledBasket {
  const fresh = new Map(freshProducts.map((p) => [itemIdFor(p), p]))
  const problems: BasketProblem[] = []
  const items: BasketItem[] = []
  for (const item of basket.items) {
    const product = fresh.get(item.itemId)
    const name = product?.name ?? item.product.name
    if (!product || !hasPrice(product)) {
      const message = product ? noOnlinePriceMessage(name) : `${name} is no longer available and has been removed from your basket.`
      problems.push({ kind: 'product_gone', itemId: item.itemId, name, message })
      continue
    }
    const stock = usableStock(product)
    if (stock === 0) {
      problems.push({ kind: 'out_of_stock', itemId: item.itemId, name, message: `${name} is now out of stock and has been removed from your basket.` })
      continue
    }
    if (product.pricePence !== item.product.pricePence) {
      problems.push({
        kind: 'price_changed',
        itemId: item.itemId,
        name,
        fromPence: item.product.pricePence,
        toPence: product.pricePence,
        message: `The price of ${name} has changed from ${formatPence(item.product.pricePence)} to ${formatPence(product.pricePence)}.`,
      })
    }
    const count = Math.min(item.count, stock)
    if (count < item.count) {
      problems.push({
        kind: 'count_reduced',
        itemId: item.itemId,
        name,
        from: item.count,
        to: count,
        message: `Only ${count} of ${name} ${count === 1 ? 'is' : 'are'} in stock, so your basket now has ${count}.`,
      })
    }
    items.push(line(product, count, item.addedItemCount))
  }
  return { basket: { ...basket, items }, problems }
}
