// The one authoritative pricing of a basket: fresh prices and stock from the catalogue, the coupon, delivery and VAT.
// Both the basket pages and order placement call this; nothing here trusts a figure from the browser.
import 'server-only'
import type { Payload, PayloadRequest } from 'payload'
import { basketTotals, type Basket, type BasketItem, type BasketProblem, type BasketTotals, type PricedProductSnapshot, type ProductSnapshot, itemIdFor, noOnlinePriceMessage } from '../../domain/basket/basket'
import { maxPerOrder } from '../../domain/basket/order-limits'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { productCharges, productVatTreatment, type OnTheRoadRates } from '../../domain/catalogue/on-the-road'
import { productPrice } from '../../domain/catalogue/product-price'
import { addCoupon, normaliseCouponCode, submitCoupon, UNSUPPORTED_DISCOUNT_TYPE_MESSAGE, type CouponCodeState, type CouponDefinition, type DiscountType } from '../../domain/coupons/coupon'
import { DEFAULT_DELIVERY_RATES, deliveryOptionsFor, type DeliveryMethod, type DeliveryOption } from '../../domain/delivery/delivery'
import type { Coupon, Media, SiteSetting, Variant } from '../../payload-types'
import type { BasketLineInput } from './basket-request'
import { onTheRoadRates, siteSettings } from '../../cms/globals/site-settings-cache.server'
import { execute, placeholders } from '../../cms/sql.server'
import { onHand } from '../catalogue-rows/catalogue-rows'

export interface PricedLine {
  readonly item: BasketItem
  readonly kind: ProductKind
  /** What the customer asked for; the item's count is this capped at stock. */
  readonly requestedCount: number
}

export interface PricedBasket {
  readonly lines: readonly PricedLine[]
  /** The basket as the domain sees it (fresh snapshots, counts within stock, the checked coupon). */
  readonly basket: Basket
  /** Lines that could not be priced as asked: unknown or withdrawn products, no stock, fewer in stock. */
  readonly problems: readonly BasketProblem[]
  readonly coupon: CouponCodeState
  /** The coupon row behind an applied coupon, for order placement to count its use. */
  readonly couponId: number | null
  readonly deliveryOptions: readonly DeliveryOption[]
  /** The chosen option, when a method was asked for and the basket may use it. */
  readonly delivery: DeliveryOption | null
  readonly deliveryProblem: string | null
  readonly totals: BasketTotals
}

interface Options {
  readonly couponCode?: string | null
  readonly deliveryMethod?: DeliveryMethod | null
  readonly now?: Date
  /** Pass the transaction's request so reads see its writes (order placement). */
  readonly req?: Partial<PayloadRequest>
  /** Site settings the caller has already read (order placement needs them too), so they are read once. */
  readonly settings?: SiteSetting
  /** Units already held for this customer (a reservation being completed), by item id: they count as in stock. */
  readonly heldForCustomer?: ReadonlyMap<string, number>
  /** false when no line's picture is shown (order placement): the media are not read. */
  readonly images?: boolean
}

function imageOf(media: number | Media | null | undefined, fallbackAlt: string): ProductSnapshot['image'] {
  if (!media || typeof media === 'number') return undefined
  const url = media.sizes?.thumbnail?.url ?? media.url
  return url ? { url, alt: media.alt || fallbackAlt } : undefined
}

export interface FreshLine {
  readonly snapshot: ProductSnapshot
  readonly kind: ProductKind
  /** The most one order may take of this line. */
  readonly maxPerOrder: number
}

/** What pricing reads of a product: the columns a line needs, the picture populated when it is shown. */
interface ProductRead {
  readonly id: number
  readonly name: string
  readonly slug: string
  readonly productType: 'simple' | 'variable'
  readonly sku?: string | null
  readonly price?: number | null
  readonly vatRate: number
  readonly stockQuantity?: number | null
  readonly maxPerOrder?: number | null
  readonly kind?: string | null
  readonly condition?: string | null
  /** The engine size: the first year's road tax in a new bike's on-the-road charge depends on it (ADR 044). */
  readonly attributes?: { readonly engineCc?: number | null } | null
  readonly featuredImage?: number | Media | null
  /** The mandatory charge staff set (ADR 023): part of every unit's price. */
  readonly beforeAddToBasketNotification?: { readonly extraFee?: { readonly feeValue?: number | null; readonly label?: string | null } | null } | null
}

interface VariantRead {
  readonly id: number
  readonly product: number | { readonly id: number }
  readonly title?: string | null
  readonly sku: string
  readonly price?: number | null
  readonly stockQuantity: number
  readonly featuredImage?: number | Media | null
}

const num = (value: unknown): number | null => (value == null ? null : Number(value))

/**
 * The same columns with two plain statements, for order placement, which shows no pictures: Payload's find
 * costs more to build than the database takes to answer (ADR 017). In the caller's transaction when given.
 * tests/int/basket-pricing.int.test.ts checks both reads give the same snapshots.
 */
async function plainReads(payload: Payload, productIds: readonly number[], variantIds: readonly number[], req?: Partial<PayloadRequest>): Promise<[ProductRead[], VariantRead[]]> {
  const transactionID = typeof req?.transactionID === 'string' || typeof req?.transactionID === 'number' ? req.transactionID : null
  const products = productIds.length
    ? await execute(payload, transactionID, {
        sql: `SELECT id, name, slug, product_type, sku, price, vat_rate, ${onHand()} AS on_hand, max_per_order, kind, condition, attributes_engine_cc, featured_image_id, before_add_to_basket_notification_extra_fee_fee_value AS fee_value, before_add_to_basket_notification_extra_fee_label AS fee_label FROM products WHERE id IN (${placeholders(productIds.length)}) AND status = 'active'`,
        args: [...productIds],
      })
    : { rows: [] }
  const variants = variantIds.length
    ? await execute(payload, transactionID, {
        sql: `SELECT id, product_id, title, sku, price, ${onHand()} AS on_hand, featured_image_id FROM variants WHERE id IN (${placeholders(variantIds.length)})`,
        args: [...variantIds],
      })
    : { rows: [] }
  return [
    products.rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      slug: String(r.slug),
      productType: r.product_type === 'variable' ? 'variable' : 'simple',
      sku: r.sku == null ? null : String(r.sku),
      price: num(r.price),
      vatRate: Number(r.vat_rate),
      stockQuantity: num(r.on_hand),
      maxPerOrder: num(r.max_per_order),
      kind: r.kind == null ? null : String(r.kind),
      condition: r.condition == null ? null : String(r.condition),
      attributes: { engineCc: num(r.attributes_engine_cc) },
      featuredImage: num(r.featured_image_id),
      beforeAddToBasketNotification: { extraFee: { feeValue: num(r.fee_value), label: r.fee_label == null ? null : String(r.fee_label) } },
    })),
    variants.rows.map((r) => ({
      id: Number(r.id),
      product: Number(r.product_id),
      title: r.title == null ? null : String(r.title),
      sku: String(r.sku),
      price: num(r.price),
      stockQuantity: Number(r.on_hand ?? 0),
      featuredImage: num(r.featured_image_id),
    })),
  ]
}

/** Through Payload, with each line's picture populated (depth 1), for the basket pages. */
async function readsWithPictures(payload: Payload, productIds: readonly number[], variantIds: readonly number[], req?: Partial<PayloadRequest>): Promise<[ProductRead[], VariantRead[]]> {
  const [products, variants] = await Promise.all([
    // Only what a line needs; depth 1 populates just the pictures (a whole product with its relations is ~10× the work).
    payload.find({
      collection: 'products',
      where: { id: { in: [...productIds] }, status: { equals: 'active' } },
      select: { name: true, sku: true, price: true, vatRate: true, stockQuantity: true, slug: true, featuredImage: true, productType: true, kind: true, condition: true, attributes: { engineCc: true }, maxPerOrder: true, beforeAddToBasketNotification: { extraFee: { feeValue: true, label: true } } },
      depth: 1,
      limit: productIds.length,
      pagination: false,
      req,
    }),
    variantIds.length
      ? payload.find({
          collection: 'variants',
          where: { id: { in: [...variantIds] } },
          select: { product: true, title: true, sku: true, price: true, stockQuantity: true, featuredImage: true },
          populate: { products: { slug: true } },
          depth: 1,
          limit: variantIds.length,
          pagination: false,
          req,
        })
      : Promise.resolve({ docs: [] as Variant[] }),
  ])
  return [products.docs as ProductRead[], variants.docs as VariantRead[]]
}

/**
 * Fresh snapshots for the requested lines; a missing entry means the product or variant cannot be bought. A new
 * bike's on-the-road charge is split into its parts at `rates` (the site settings'), so VAT is worked out only on
 * what bears it (ADR 044).
 */
export async function freshSnapshots(payload: Payload, lines: readonly BasketLineInput[], rates: OnTheRoadRates, req?: Partial<PayloadRequest>, images = true): Promise<Map<string, FreshLine>> {
  const productIds = [...new Set(lines.map((l) => l.productId))]
  const variantIds = [...new Set(lines.flatMap((l) => (l.variantId ? [l.variantId] : [])))]
  const [productRows, variantRows] = await (images ? readsWithPictures : plainReads)(payload, productIds, variantIds, req)
  const products = { docs: productRows }
  const variants = { docs: variantRows }
  const productById = new Map(products.docs.map((p) => [p.id, p]))
  const variantById = new Map(variants.docs.map((v) => [v.id, v]))
  const result = new Map<string, FreshLine>()
  for (const line of lines) {
    const product = productById.get(line.productId)
    if (!product) continue
    const isVariable = product.productType === 'variable'
    if (isVariable !== Boolean(line.variantId)) continue // a variable product is bought by variant, a simple one never is
    let snapshot: ProductSnapshot
    // The headline price (ADR 023): the product's or variant's own price plus every mandatory charge.
    const vehicle = { kind: product.kind, condition: product.condition, engineCc: product.attributes?.engineCc }
    const vatRatePercent = Number(product.vatRate ?? 20)
    const vatTreatment = productVatTreatment({ ...vehicle, vatRatePercent })
    const priced = (basePricePence: number | null | undefined) => {
      const price = productPrice({ basePricePence, vatRatePercent, vatTreatment, charges: productCharges(product.beforeAddToBasketNotification?.extraFee, vehicle, rates) })
      return price ? { pricePence: price.totalPence, ...(price.charges.length > 0 && { charges: price.charges }), ...(vatTreatment === 'margin' && { vatTreatment }) } : { pricePence: null }
    }
    if (line.variantId) {
      const variant = variantById.get(line.variantId)
      const owner = typeof variant?.product === 'object' ? variant.product?.id : variant?.product
      if (!variant || owner !== product.id) continue
      snapshot = {
        productId: product.id,
        variantId: variant.id,
        name: variant.title ? `${product.name} – ${variant.title}` : product.name,
        sku: variant.sku,
        ...priced(variant.price),
        vatRatePercent,
        stockQuantity: variant.stockQuantity ?? 0,
        slug: product.slug,
        image: imageOf(variant.featuredImage, product.name) ?? imageOf(product.featuredImage, product.name),
      }
    } else {
      snapshot = {
        productId: product.id,
        name: product.name,
        sku: product.sku ?? String(product.id),
        ...priced(product.price),
        vatRatePercent,
        stockQuantity: product.stockQuantity ?? 0,
        slug: product.slug,
        image: imageOf(product.featuredImage, product.name),
      }
    }
    result.set(itemIdFor(snapshot), { snapshot, kind: product.kind as ProductKind, maxPerOrder: maxPerOrder(product.kind as ProductKind, product.maxPerOrder) })
  }
  return result
}

function toDefinition(coupon: Coupon): CouponDefinition {
  return {
    code: coupon.code,
    discountType: coupon.discountType as DiscountType,
    amount: coupon.amount,
    validFrom: coupon.validFrom ? new Date(coupon.validFrom) : null,
    expiresAt: coupon.expiresAt ? new Date(coupon.expiresAt) : null,
    usageLimit: coupon.usageLimit ?? null,
    minimumSpendPence: coupon.minimumSpendPence ?? null,
  }
}

/** Prices `lines` from the catalogue as it is now. */
export async function priceBasket(payload: Payload, lines: readonly BasketLineInput[], options: Options = {}): Promise<PricedBasket> {
  const now = options.now ?? new Date()
  const settings = options.settings ?? (await siteSettings(payload))
  const fresh = await freshSnapshots(payload, lines, onTheRoadRates(settings), options.req, options.images ?? true)
  const problems: BasketProblem[] = []
  const priced: PricedLine[] = []
  const merged = new Map<string, BasketLineInput>()
  for (const line of lines) {
    const key = itemIdFor({ productId: line.productId, variantId: line.variantId ?? undefined })
    const existing = merged.get(key)
    merged.set(key, existing ? { ...existing, count: existing.count + line.count } : line)
  }
  for (const [itemId, line] of merged) {
    const entry = fresh.get(itemId)
    if (!entry || entry.snapshot.pricePence === null) {
      const message = entry ? noOnlinePriceMessage(entry.snapshot.name) : 'An item in your basket is no longer available online and has been removed from your basket.'
      problems.push({ kind: 'product_gone', itemId, name: entry?.snapshot.name ?? 'An item', message })
      continue
    }
    const product = entry.snapshot as PricedProductSnapshot
    const stock = Math.max(0, Math.floor(product.stockQuantity)) + (options.heldForCustomer?.get(itemId) ?? 0)
    if (stock === 0) {
      problems.push({ kind: 'out_of_stock', itemId, name: product.name, message: `${product.name} is sold out.` })
      continue
    }
    const count = Math.min(line.count, stock, entry.maxPerOrder)
    if (count < line.count && count === entry.maxPerOrder && count < stock) {
      problems.push({ kind: 'count_reduced', itemId, name: product.name, from: line.count, to: count, message: `You can buy up to ${count} of ${product.name} in one order, so your basket now has ${count}.` })
    } else if (count < line.count) {
      problems.push({ kind: 'count_reduced', itemId, name: product.name, from: line.count, to: count, message: `Only ${count} of ${product.name} ${count === 1 ? 'is' : 'are'} in stock, so your basket now has ${count}.` })
    }
    priced.push({ item: { itemId, product, count, updatedStock: stock - count, addedItemCount: 0 }, kind: entry.kind, requestedCount: line.count })
  }

  const items = priced.map((p) => p.item)
  const subtotalPence = items.reduce((sum, i) => sum + i.product.pricePence * i.count, 0)
  let coupon: CouponCodeState = null
  let couponId: number | null = null
  if (options.couponCode) {
    const code = normaliseCouponCode(options.couponCode)
    const found = await payload.find({ collection: 'coupons', where: { code: { equals: code }, active: { equals: true } }, limit: 1, depth: 0, req: options.req })
    const row = found.docs[0]
    if (row?.discountType === 'fixed_product') payload.logger.warn({ coupon: code }, UNSUPPORTED_DISCOUNT_TYPE_MESSAGE)
    coupon = submitCoupon(addCoupon(null, code), row ? toDefinition(row) : undefined, { subtotalPence, now, usedCount: row?.usedCount ?? 0 })
    if (coupon?.status === 'applied' && row) couponId = row.id
  }

  const rates = { ...DEFAULT_DELIVERY_RATES, flatRatePence: settings.delivery?.flatRatePence ?? DEFAULT_DELIVERY_RATES.flatRatePence }
  const deliveryOptions = deliveryOptionsFor(priced.map((p) => ({ kind: p.kind, count: p.item.count })), { rates }).filter(
    (o) => o.method !== 'free' || settings.delivery?.pickupEnabled !== false,
  )
  let delivery: DeliveryOption | null = null
  let deliveryProblem: string | null = null
  if (options.deliveryMethod) {
    delivery = deliveryOptions.find((o) => o.method === options.deliveryMethod) ?? null
    if (!delivery && items.length > 0) deliveryProblem = 'That delivery option is not available for this basket. Please choose another.'
  }
  const basket: Basket = { items, couponCode: coupon }
  const totals = basketTotals(basket, { feePence: delivery?.feePence ?? 0, vatRatePercent: 20 })
  return { lines: priced, basket, problems, coupon, couponId, deliveryOptions, delivery, deliveryProblem, totals }
}
