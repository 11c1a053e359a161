// Catalogue reads for the storefront. Reads go through access rules (overrideAccess: false), so the
// shop shows exactly what a visitor may see; only the fields a page renders are selected.
import 'server-only'
import { unstable_cache } from 'next/cache'
import { CATALOGUE_TAG } from '../../config/cache-tags'
import { shownStock } from '../../domain/catalogue/stock-status'
import { chargesFromExtraFee, headlinePricePence } from '../../domain/catalogue/product-price'
import type { Where } from 'payload'
import type { Media, Product } from '../../payload-types'
import { payloadClient } from '../../cms/payload-client.server'

/** The product on sale at this address (slugs are stored lower-case): what every product read by slug asks for. */
export function onSaleBySlug(slug: string): Where {
  return { and: [{ slug: { equals: slug.toLowerCase() } }, { status: { equals: 'active' } }] }
}

export interface ProductCard {
  id: number
  name: string
  slug: string
  /** the product's own SKU (a variable product's variants have theirs); the analytics item id */
  sku: string | null
  pricePence: number | null
  compareAtPricePence: number | null
  condition: 'new' | 'used'
  kind: Product['kind']
  brandName: string | null
  stockQuantity: number
  productType: 'simple' | 'variable'
  image: Media | null
  mileage: number | null
  registrationYear: number | null
}

/**
 * A product's headline price (ADR 023): its price plus every mandatory charge. Every card, feed and search
 * result shows this, never the bare price. `basePricePence` is the product's or a variant's own price.
 */
export function productHeadlinePence(p: Pick<Product, 'price' | 'vatRate' | 'beforeAddToBasketNotification'>, basePricePence: number | null | undefined = p.price): number | null {
  return headlinePricePence({ basePricePence, vatRatePercent: p.vatRate ?? 20, charges: chargesFromExtraFee(p.beforeAddToBasketNotification?.extraFee) })
}

export function toCard(p: Product): ProductCard {
  const brand = typeof p.brand === 'object' && p.brand ? p.brand : null
  const image = typeof p.featuredImage === 'object' && p.featuredImage ? p.featuredImage : null
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku ?? null,
    pricePence: productHeadlinePence(p),
    // The was-price is compared like for like: with the same charges in it.
    compareAtPricePence: productHeadlinePence(p, p.compareAtPrice),
    condition: p.condition,
    kind: p.kind,
    brandName: brand?.name ?? null,
    stockQuantity: shownStock(p.stockQuantity),
    productType: p.productType,
    image,
    mileage: p.vehicle?.mileage ?? null,
    registrationYear: p.vehicle?.registrationDate ? new Date(p.vehicle.registrationDate).getUTCFullYear() : null,
  }
}

export const cardSelect = {
  name: true,
  slug: true,
  sku: true,
  price: true,
  compareAtPrice: true,
  vatRate: true,
  beforeAddToBasketNotification: { extraFee: { feeValue: true, label: true } },
  condition: true,
  kind: true,
  brand: true,
  stockQuantity: true,
  productType: true,
  featuredImage: true,
  vehicle: true,
} as const

/** Related documents a card shows: the brand's name and the picture's sizes. */
export const cardPopulate = { brands: { name: true }, media: { filename: true, url: true, alt: true, width: true, height: true, sizes: true } } as const

export async function featuredProducts(limit = 12): Promise<ProductCard[]> {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'products',
    where: { featured: { equals: true } },
    sort: '-price',
    limit,
    depth: 1,
    select: cardSelect,
    overrideAccess: false,
    populate: cardPopulate,
  })
  return result.docs.map((d) => toCard(d as Product))
}

/** Cards for the products named, in the order named; any not on sale is left out (compare and saved lists). */
export async function cardsBySlugs(slugs: readonly string[]): Promise<ProductCard[]> {
  if (slugs.length === 0) return []
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'products',
    where: { slug: { in: [...slugs] }, status: { equals: 'active' } },
    limit: slugs.length,
    pagination: false,
    depth: 1,
    select: cardSelect,
    overrideAccess: false,
    populate: cardPopulate,
  })
  const bySlug = new Map(result.docs.map((d) => [d.slug, toCard(d as Product)]))
  return slugs.flatMap((s) => bySlug.get(s) ?? [])
}

async function topCategoriesUncached() {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'categories',
    where: { parent: { exists: false } },
    sort: 'position',
    limit: 20,
    depth: 0,
    select: { name: true, slug: true, description: true, kind: true },
    overrideAccess: false,
  })
  return result.docs
}

export async function latestPosts(limit = 3) {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'posts',
    sort: '-publishedAt',
    limit,
    depth: 1,
    select: { title: true, slug: true, excerpt: true, publishedAt: true, heroImage: true },
    populate: { media: { filename: true, url: true, alt: true, width: true, height: true, sizes: true } },
    overrideAccess: false,
  })
  return result.docs
}

async function siteSettingsUncached() {
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: false })
}

// Read by the layout of every page, including per-request ones (listings), so cached between staff changes.
export const topCategories = unstable_cache(topCategoriesUncached, ['top-categories-v1'], { revalidate: 300, tags: [CATALOGUE_TAG] })
export const siteSettings = unstable_cache(siteSettingsUncached, ['site-settings-v1'], { revalidate: 300, tags: [CATALOGUE_TAG] })
