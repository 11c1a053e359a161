// Turns a basket read back from browser storage or a cookie (untrusted JSON) into a Basket, or null.
import { z } from '../../lib/zod'
import { addCoupon, type CouponCodeState } from '../coupons/coupon'
import { itemIdFor, type Basket, type BasketItem, type PricedProductSnapshot } from './basket'

const id = z.union([z.string().min(1).max(100), z.number().int().nonnegative()])

const productSchema = z.object({
  productId: id,
  variantId: id.optional(),
  name: z.string().max(300),
  sku: z.string().max(100),
  pricePence: z.number().int().nonnegative(),
  vatRatePercent: z.number().min(0).max(100),
  stockQuantity: z.number().int(),
  slug: z.string().max(300),
  image: z.object({ url: z.string().max(2000), alt: z.string().max(300) }).optional(),
})

const itemSchema = z.object({
  product: productSchema,
  count: z.number().int().positive(),
  addedItemCount: z.number().int().nonnegative().catch(0),
})

const couponSchema = z.object({ code: z.string().max(100) })

const basketSchema = z.object({
  items: z.array(z.unknown()).max(200),
  couponCode: z.unknown().optional(),
})

/**
 * Lines that fail to parse are dropped one by one rather than losing the whole basket. Derived fields
 * (itemId, updatedStock) are recomputed, never trusted. Stored prices and stock are only what the browser
 * says: run reconcileBasket before showing or charging them. A stored coupon comes back as an entered
 * code, never as applied, so a hand-edited amount can never become a discount; submit it again.
 */
export function parseStoredBasket(value: unknown): Basket | null {
  const parsed = basketSchema.safeParse(value)
  if (!parsed.success) return null
  const items: BasketItem[] = []
  for (const raw of parsed.data.items) {
    const result = itemSchema.safeParse(raw)
    if (!result.success) continue
    const product: PricedProductSnapshot = result.data.product
    const itemId = itemIdFor(product)
    if (items.some((i) => i.itemId === itemId)) continue
    const { count, addedItemCount } = result.data
    items.push({ itemId, product, count, updatedStock: product.stockQuantity - count, addedItemCount })
  }
  return { items, couponCode: parseCoupon(parsed.data.couponCode) }
}

function parseCoupon(value: unknown): CouponCodeState {
  const result = couponSchema.safeParse(value)
  return result.success ? addCoupon(null, result.data.code) : null
}
