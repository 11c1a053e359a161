// Server reads for the product page: one product by slug with its variants, and the dealer's settings.
// Reads go through access rules (overrideAccess: false), so inactive products are simply not found.
import 'server-only'
import { cache } from 'react'
import type { Product, Variant } from '../../payload-types'
import { payloadClient } from '../../cms/payload-client.server'
import { toProductView, type ProductView } from './product-view'
import { onSaleBySlug, siteSettings } from '../catalogue/queries.server'
import { highestOfferedPence } from '../catalogue/price-history'
import { onTheRoadRates } from '../../cms/globals/site-settings-cache.server'
import { payLaterSettingsOf } from '../payments/pay-later-settings'
import type { PayLaterSettings } from '../../domain/payments/pay-later'

const mediaFields = { filename: true, url: true, alt: true, width: true, height: true, sizes: true } as const

/** Cached per request, so generateMetadata and the page share one read. */
export const productBySlug = cache(async (slug: string): Promise<ProductView | null> => {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'products',
    where: onSaleBySlug(slug),
    limit: 1,
    depth: 2,
    overrideAccess: false,
    joins: { variants: false },
    populate: {
      brands: { name: true, slug: true },
      categories: { name: true, slug: true, path: true, parent: true },
      media: mediaFields,
      products: { name: true, slug: true, price: true, productType: true, featuredImage: true, status: true },
    },
  })
  const product = found.docs[0] as Product | undefined
  if (!product) return null
  let variants: Variant[] = []
  if (product.productType === 'variable') {
    const result = await payload.find({
      collection: 'variants',
      where: { product: { equals: product.id } },
      sort: 'position',
      limit: 200,
      depth: 1,
      overrideAccess: false,
      populate: { media: mediaFields },
      select: { size: true, colour: true, sku: true, price: true, stockQuantity: true, position: true, featuredImage: true, galleryImages: true },
    })
    variants = result.docs as Variant[]
  }
  // The highest price on record, read only for a product with a was-price to check (ADR 075).
  const highest = product.compareAtPrice == null ? null : ((await highestOfferedPence(payload, null, [product.id])).get(product.id) ?? null)
  return toProductView(product, variants, onTheRoadRates(await siteSettings()), highest)
})

/** The dealer facts the product page shows, from the site-settings read every page already shares (cached). */
export async function dealerSettings() {
  const s = await siteSettings()
  return {
    dealerName: s.dealerName,
    phone: s.phone ?? null,
    brokerStatement: s.finance?.brokerStatement ?? null,
    fcaFirmReference: s.finance?.fcaFirmReference ?? null,
    reservations: { enabled: s.reservations?.enabled !== false, depositPence: s.reservations?.depositPence ?? null, holdHours: s.reservations?.holdHours ?? null },
    payLater: payLaterSettingsOf(s) as PayLaterSettings | undefined,
  }
}

export type DealerSettings = Awaited<ReturnType<typeof dealerSettings>>
