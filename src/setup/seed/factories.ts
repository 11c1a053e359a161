// Data factories shared by the demo seed and the tests: each returns the data for one Payload create.
// Ids of related documents are passed in, so factories stay free of database calls.
import { slugify } from '../../cms/fields/slug'
import type { SpecSheet } from '../../domain/catalogue/spec-sheet'
import type { LicenceCategory } from '../../domain/catalogue/product-kind'

let counter = 0
/** A short unique suffix for tests that need distinct slugs and skus. */
export function uniqueSuffix(): string {
  counter += 1
  return `${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

export interface ProductInput {
  name: string
  slug?: string
  sku?: string
  category: number
  brand?: number
  pricePence: number | null
  stock?: number
  condition?: 'new' | 'used'
  productType?: 'simple' | 'variable'
  featured?: boolean
  vatRate?: 20 | 5 | 0
  shortDescription?: string
  compareAtPricePence?: number
  featuredImage?: number
  gallery?: number[]
  related?: number[]
  attributes?: {
    engineCc?: number
    licenceCategory?: LicenceCategory
    modelYear?: number
    frameSize?: 'XS' | 'S' | 'M' | 'L' | 'XL' | 'Kids'
    bikeType?: 'road' | 'gravel' | 'mountain' | 'hybrid' | 'city' | 'folding' | 'cargo' | 'kids'
    batteryRangeMiles?: number
  }
  /** An e-bike's motor and assisted speed (features/used-bikes product fields). */
  ebike?: { motorPowerW?: number; assistedSpeedMph?: number; hasPedals?: boolean }
  /** A used bike's road record and history check (features/used-bikes product fields). */
  usedBike?: Record<string, unknown>
  vehicle?: {
    vrm?: string
    capCode?: string
    registrationDate?: string
    mileage?: number
    keepers?: number
    serviceHistory?: 'full-dealer' | 'full' | 'part' | 'none'
    financeable?: boolean
  }
  extraFee?: { feeValuePence: number; label: string; associatedProduct?: number }
  financeOffer?: { termInMonths: number; annualDistance: number; cashDepositPence: number }
  specSheet?: SpecSheet
  description?: string
}

/** A Lexical rich-text value made of plain paragraphs. */
export function richText(...paragraphs: string[]) {
  return {
    root: {
      type: 'root',
      format: '' as const,
      indent: 0,
      version: 1,
      direction: 'ltr' as const,
      children: paragraphs.map((text) => ({
        type: 'paragraph',
        format: '' as const,
        indent: 0,
        version: 1,
        direction: 'ltr' as const,
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      })),
    },
  }
}

/** The slug the CMS would derive from a name (one rule, in src/cms/fields/slug.ts). */
export const slugOf = slugify

export function buildProduct(input: ProductInput) {
  const slug = input.slug ?? slugOf(input.name)
  return {
    name: input.name,
    slug,
    sku: input.sku ?? slug.toUpperCase().slice(0, 40),
    status: 'active' as const,
    productType: input.productType ?? ('simple' as const),
    featured: input.featured ?? false,
    price: input.pricePence,
    compareAtPrice: input.compareAtPricePence ?? null,
    vatRate: input.vatRate ?? 20,
    stockQuantity: input.stock ?? 0,
    condition: input.condition ?? ('new' as const),
    category: input.category,
    brand: input.brand ?? null,
    shortDescription: input.shortDescription ?? null,
    description: input.description ? richText(input.description) : null,
    featuredImage: input.featuredImage ?? null,
    gallery: input.gallery ?? [],
    relatedProducts: input.related ?? [],
    attributes: input.attributes ?? {},
    vehicle: input.vehicle ?? {},
    ...(input.ebike ? { ebike: input.ebike } : {}),
    ...(input.usedBike ? { usedBike: input.usedBike } : {}),
    beforeAddToBasketNotification: {
      extraFee: input.extraFee
        ? { feeValue: input.extraFee.feeValuePence, label: input.extraFee.label, product: input.extraFee.associatedProduct ?? null }
        : {},
      productPromotions: input.financeOffer
        ? [
            {
              offerType: 'Finance Offer' as const,
              financeOptionsAdjustment: {
                termInMonths: input.financeOffer.termInMonths,
                annualDistance: input.financeOffer.annualDistance,
                cashDeposit: input.financeOffer.cashDepositPence,
              },
            },
          ]
        : [],
    },
    specSheet: input.specSheet ?? {},
  }
}

export interface VariantInput {
  product: number
  sku: string
  size?: string
  colour?: string
  pricePence: number
  stock: number
  position?: number
  featuredImage?: number
}

export function buildVariant(input: VariantInput) {
  return {
    product: input.product,
    sku: input.sku,
    size: input.size ?? null,
    colour: input.colour ?? null,
    price: input.pricePence,
    stockQuantity: input.stock,
    position: input.position ?? 0,
    featuredImage: input.featuredImage ?? null,
  }
}

export function buildCategory(input: { name: string; slug?: string; kind: string; parent?: number; position?: number; description?: string; zeroRatedHelmets?: boolean }) {
  return {
    name: input.name,
    slug: input.slug ?? slugOf(input.name),
    kind: input.kind as 'motorcycle',
    zeroRatedHelmets: input.zeroRatedHelmets ?? false,
    parent: input.parent ?? null,
    position: input.position ?? 100,
    description: input.description ?? null,
  }
}

export function buildBrand(input: { name: string; slug?: string; description?: string }) {
  return { name: input.name, slug: input.slug ?? slugOf(input.name), description: input.description ?? null }
}

export function buildPage(input: { title: string; slug?: string; intro?: string; paragraphs: string[] }) {
  return {
    title: input.title,
    slug: input.slug ?? slugOf(input.title),
    intro: input.intro ?? null,
    content: richText(...input.paragraphs),
    publishedAt: new Date('2026-01-01T09:00:00Z').toISOString(),
    meta: { title: `${input.title} | Wheelhouse`, description: input.intro ?? input.paragraphs[0]?.slice(0, 150) ?? null },
  }
}

export function buildPost(input: { title: string; slug?: string; excerpt: string; paragraphs: string[]; publishedAt: string; authorName?: string; heroImage?: number }) {
  return {
    title: input.title,
    slug: input.slug ?? slugOf(input.title),
    excerpt: input.excerpt,
    content: richText(...input.paragraphs),
    publishedAt: input.publishedAt,
    authorName: input.authorName ?? 'Wheelhouse team',
    heroImage: input.heroImage ?? null,
    meta: { title: `${input.title} | Wheelhouse`, description: input.excerpt },
  }
}
