// Turns a basket read back from browser storage or a cookie (untrusted JSON) into a Basket, or null.
// Written as plain checks rather than a zod schema: this runs in the browser on every page once a basket is
// stored, and zod was 90 KB gzip of script to download and evaluate for it (ADR 018). The test holds the zod
// schema this replaces and checks, over arbitrary JSON, that both accept and produce the same.
import { addCoupon, type CouponCodeState } from '../coupons/coupon'
import { itemIdFor, type Basket, type BasketItem, type PricedProductSnapshot } from './basket'
import { isCount, isObject, isText } from '../../lib/json-checks'

const isId = (value: unknown): value is string | number => isText(value, 100, 1) || (isCount(value) && value >= 0)

/** The product snapshot with only the fields a line keeps, or null when one of them is missing or wrong. */
function parseProduct(value: unknown): PricedProductSnapshot | null {
  if (!isObject(value)) return null
  const { productId, variantId, name, sku, pricePence, vatRatePercent, stockQuantity, slug, image } = value
  if (!isId(productId) || (variantId !== undefined && !isId(variantId))) return null
  if (!isText(name, 300) || !isText(sku, 100) || !isText(slug, 300)) return null
  if (!isCount(pricePence) || pricePence < 0 || !isCount(stockQuantity)) return null
  if (typeof vatRatePercent !== 'number' || !Number.isFinite(vatRatePercent) || vatRatePercent < 0 || vatRatePercent > 100) return null
  if (image !== undefined && !(isObject(image) && isText(image.url, 2000) && isText(image.alt, 300))) return null
  return {
    productId,
    ...(variantId !== undefined && { variantId }),
    name,
    sku,
    pricePence,
    vatRatePercent,
    stockQuantity,
    slug,
    ...(image !== undefined && { image: { url: image.url as string, alt: image.alt as string } }),
  }
}

/**
 * Lines that fail to parse are dropped one by one rather than losing the whole basket. Derived fields
 * (itemId, updatedStock) are recomputed, never trusted. Stored prices and stock are only what the browser
 * says: run reconcileBasket before showing or charging them. A stored coupon comes back as an entered
 * code, never as applied, so a hand-edited amount can never become a discount; submit it again.
 */
export function parseStoredBasket(value: unknown): Basket | null {
  if (!isObject(value) || !Array.isArray(value.items) || value.items.length > 200) return null
  const items: BasketItem[] = []
  for (const raw of value.items as unknown[]) {
    if (!isObject(raw)) continue
    const product = parseProduct(raw.product)
    const count = raw.count
    if (!product || !isCount(count) || count <= 0) continue
    const itemId = itemIdFor(product)
    if (items.some((i) => i.itemId === itemId)) continue
    const addedItemCount = isCount(raw.addedItemCount) && raw.addedItemCount >= 0 ? raw.addedItemCount : 0
    items.push({ itemId, product, count, updatedStock: product.stockQuantity - count, addedItemCount })
  }
  return { items, couponCode: parseCoupon(value.couponCode) }
}

function parseCoupon(value: unknown): CouponCodeState {
  return isObject(value) && isText(value.code, 100) ? addCoupon(null, value.code) : null
}
