// schema.org Product/Offer and BreadcrumbList for the product page, as plain data (no framework here).
import { penceToPounds } from '../../domain/money'

export interface ProductJsonLdInput {
  readonly url: string
  readonly name: string
  readonly description: string | null
  readonly sku: string | null
  readonly brandName: string | null
  readonly imageUrls: readonly string[]
  readonly pricePence: number | null
  readonly inStock: boolean
  readonly condition: 'new' | 'used'
}

/** Offer price in pounds as schema.org expects ("4495.00"); no Offer at all when the price is on application. */
export function productJsonLd(p: ProductJsonLdInput): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    url: p.url,
  }
  if (p.description) ld.description = p.description
  if (p.sku) ld.sku = p.sku
  if (p.brandName) ld.brand = { '@type': 'Brand', name: p.brandName }
  if (p.imageUrls.length) ld.image = [...p.imageUrls]
  if (p.pricePence !== null) {
    ld.offers = {
      '@type': 'Offer',
      url: p.url,
      price: penceToPounds(p.pricePence).toFixed(2),
      priceCurrency: 'GBP',
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: p.condition === 'used' ? 'https://schema.org/UsedCondition' : 'https://schema.org/NewCondition',
    }
  }
  return ld
}

/** JSON for an inline <script>: "<" escaped so a product name can never close the script element. */
export function serialiseJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** An absolute URL on the shop's public address. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).toString()
}
