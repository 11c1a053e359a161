// What the product page shows, as plain serialisable data: built on the server from Payload documents,
// handed in part to the small client component that lets the customer choose a variant.
import type { Category, Media, Product, Variant } from '../../payload-types'
import { filledSpecRows } from '../../domain/catalogue/spec-sheet'
import { shownStock } from '../../domain/catalogue/stock-status'
import { defaultVariantIndex } from '../../domain/catalogue/variant-matrix'
import { productMonthlyEstimate, type ProductMonthlyEstimate } from '../../domain/finance/product-monthly-estimate'
import { DEFAULT_ON_THE_ROAD_RATES, productCharges, productVatTreatment, type OnTheRoadRates } from '../../domain/catalogue/on-the-road'
import { chargesFromExtraFee, includedChargesText, mandatoryCharges, productPrice, type ProductPrice } from '../../domain/catalogue/product-price'
import { paths } from '../../config/paths'
import { ebikeLawOf, usedBikeTrustOf, type EbikeLaw, type UsedBikeTrust } from '../used-bikes/trust-view'

/** One thing the customer can buy from this page: the product itself, or one of its variants. */
export interface PurchaseOption {
  readonly variantId: number | null
  readonly size: string | null
  readonly colour: string | null
  readonly sku: string | null
  /** The headline price (ADR 023): the option's own price plus every mandatory charge; what the page shows and the basket charges. */
  readonly pricePence: number | null
  /** The headline price's parts (null without a price). */
  readonly price: ProductPrice | null
  readonly stockQuantity: number
  /** Main picture first. */
  readonly images: readonly Media[]
}

export interface RelatedCard {
  readonly id: number
  readonly name: string
  readonly slug: string
  readonly pricePence: number | null
  readonly fromPrice: boolean
  readonly image: Media | null
}

export interface UsedBikeDetails {
  readonly mileage: number | null
  readonly keepers: number | null
  readonly serviceHistory: string | null
  /** ISO date */
  readonly registrationDate: string | null
  readonly registrationYear: number | null
}

export interface ProductView {
  readonly id: number
  readonly slug: string
  readonly name: string
  readonly brandName: string | null
  readonly condition: 'new' | 'used'
  readonly kind: Product['kind']
  readonly productType: 'simple' | 'variable'
  readonly vatRatePercent: number
  readonly shortDescription: string | null
  readonly description: Product['description']
  readonly metaDescription: string | null
  readonly compareAtPricePence: number | null
  /** The highest headline the shop's price history records for the product (ADR 075); null without a record. */
  readonly highestOfferedPence: number | null
  readonly options: readonly PurchaseOption[]
  readonly defaultIndex: number
  readonly specRows: ReturnType<typeof filledSpecRows>
  readonly used: UsedBikeDetails | null
  /** A used bike's tax, MOT history and history check (features/used-bikes). */
  readonly trust: UsedBikeTrust | null
  /** An e-bike's motor power, assisted speed and whether it is a bicycle in law. */
  readonly ebikeLaw: EbikeLaw | null
  readonly extraFee: { readonly pence: number; readonly label: string } | null
  /** "Includes £250 on-the-road charges: …", shown under the headline price; null when nothing is included. */
  readonly includedCharges: string | null
  readonly finance: ProductMonthlyEstimate | null
  /** New motorcycles and scooters with power and weight on record can be test-ridden (the licence check needs them). */
  readonly testRide: boolean
  readonly related: readonly RelatedCard[]
  /** The bike's own reservation deposit (null: the settings' deposit; 0: not reserved online). */
  readonly reservationDepositPence: number | null
  /** Home > top category > category > product, as site paths. */
  readonly breadcrumbs: readonly { readonly name: string; readonly path: string }[]
}

export const SERVICE_HISTORY_WORDS: Record<NonNullable<NonNullable<Product['vehicle']>['serviceHistory']>, string> = {
  'full-dealer': 'Full dealer service history',
  full: 'Full service history',
  part: 'Part service history',
  none: 'No service history',
}

function media(value: number | Media | null | undefined): Media | null {
  return typeof value === 'object' && value !== null && value.url ? value : null
}

function uniqueMedia(list: (Media | null)[]): Media[] {
  const seen = new Set<number>()
  const out: Media[] = []
  for (const m of list) {
    if (!m || seen.has(m.id)) continue
    seen.add(m.id)
    out.push(m)
  }
  return out
}

function categoryTrail(category: Product['category']): { name: string; path: string }[] {
  if (typeof category !== 'object' || !category) return []
  const trail: Category[] = []
  let current: Category | null = category
  // Categories are two levels deep today; the bound keeps a mis-edited loop in the tree from hanging a render.
  while (current && trail.length < 5) {
    trail.unshift(current)
    current = typeof current.parent === 'object' ? current.parent : null
  }
  return trail.map((c) => ({ name: c.name, path: paths.category(c.path ?? c.slug) }))
}

/** `rates`: the site settings' on-the-road parts, which split a new bike's OTR charge for its VAT (ADR 044). */
export function toProductView(product: Product, variants: readonly Variant[], rates: OnTheRoadRates = DEFAULT_ON_THE_ROAD_RATES, highestOfferedPence: number | null = null): ProductView {
  const vehicleFacts = { kind: product.kind, condition: product.condition, engineCc: product.attributes?.engineCc }
  const charges = productCharges(product.beforeAddToBasketNotification?.extraFee, vehicleFacts, rates)
  const vatTreatment = productVatTreatment({ ...vehicleFacts, vatRatePercent: product.vatRate })
  const priceOf = (basePricePence: number | null | undefined) => productPrice({ basePricePence, vatRatePercent: product.vatRate, vatTreatment, charges })
  const priced = (basePricePence: number | null | undefined) => {
    const price = priceOf(basePricePence)
    return { pricePence: price?.totalPence ?? null, price }
  }
  const productImages = uniqueMedia([media(product.featuredImage), ...(product.gallery ?? []).map(media)])
  const options: PurchaseOption[] =
    product.productType === 'variable' && variants.length > 0
      ? variants.map((v) => ({
          variantId: v.id,
          size: v.size ?? null,
          colour: v.colour ?? null,
          sku: v.sku,
          ...priced(v.price ?? product.price),
          stockQuantity: shownStock(v.stockQuantity),
          // The variant's own pictures lead; the product's follow so the gallery is never poorer than a simple product's.
          images: uniqueMedia([media(v.featuredImage), ...(v.galleryImages ?? []).map(media), ...productImages]),
        }))
      : [{ variantId: null, size: null, colour: null, sku: product.sku ?? null, ...priced(product.price), stockQuantity: shownStock(product.stockQuantity), images: productImages }]

  const vehicle = product.vehicle
  const used: UsedBikeDetails | null =
    product.condition === 'used' && vehicle
      ? {
          mileage: vehicle.mileage ?? null,
          keepers: vehicle.keepers ?? null,
          serviceHistory: vehicle.serviceHistory ? SERVICE_HISTORY_WORDS[vehicle.serviceHistory] : null,
          registrationDate: vehicle.registrationDate ?? null,
          registrationYear: vehicle.registrationDate ? new Date(vehicle.registrationDate).getUTCFullYear() : null,
        }
      : null

  // Read directly, not by pricing the product at 0: a price of 0 is no price (ADR 041), and the charges are shown
  // whether or not the product has a price yet.
  const mandatory = mandatoryCharges({ vatRatePercent: product.vatRate, vatTreatment, charges })
  // The fee as staff set it: one figure, even when its VAT is worked out on its parts.
  const extraFee = mandatory[0] ? { pence: mandatory.reduce((sum, c) => sum + c.pence, 0), label: product.beforeAddToBasketNotification?.extraFee?.label?.trim() || mandatory[0].group || mandatory[0].label } : null
  const promotions = (product.beforeAddToBasketNotification?.productPromotions ?? []).map((p) => ({
    offerType: p.offerType,
    financeOptionsAdjustment: p.financeOptionsAdjustment
      ? {
          termInMonths: p.financeOptionsAdjustment.termInMonths,
          annualDistance: p.financeOptionsAdjustment.annualDistance,
          cashDepositPence: p.financeOptionsAdjustment.cashDeposit,
        }
      : null,
  }))

  const related: RelatedCard[] = (product.relatedProducts ?? [])
    .filter((r): r is Product => typeof r === 'object' && r !== null && r.slug !== product.slug)
    .map((r) => ({ id: r.id, name: r.name, slug: r.slug, pricePence: productPrice({ basePricePence: r.price, vatRatePercent: r.vatRate ?? 20, charges: chargesFromExtraFee(r.beforeAddToBasketNotification?.extraFee) })?.totalPence ?? null, fromPrice: r.productType === 'variable', image: media(r.featuredImage) }))

  const brand = typeof product.brand === 'object' && product.brand ? product.brand : null
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    brandName: brand?.name ?? null,
    condition: product.condition,
    kind: product.kind,
    productType: product.productType,
    vatRatePercent: product.vatRate,
    shortDescription: product.shortDescription ?? null,
    description: product.description,
    metaDescription: product.meta?.description ?? null,
    // A price the product was offered at, as entered (never with charges added); the purchase box shows it only
    // above the chosen option's price (wasPricePence, ADR 040) and never above the highest price on record (ADR 075).
    compareAtPricePence: product.compareAtPrice ?? null,
    highestOfferedPence,
    options,
    defaultIndex: Math.max(0, defaultVariantIndex(options)),
    specRows: filledSpecRows(product.specSheet),
    used,
    trust: usedBikeTrustOf(product),
    ebikeLaw: ebikeLawOf(product),
    extraFee,
    includedCharges: includedChargesText({ charges: mandatory }),
    finance: productMonthlyEstimate({ kind: product.kind, financeable: vehicle?.financeable, pricePence: product.price ?? null, extraFeePence: extraFee?.pence, promotions, stockQuantity: product.productType === 'simple' ? (product.stockQuantity ?? 0) : null }),
    testRide: (product.kind === 'motorcycle' || product.kind === 'scooter') && product.condition === 'new' && Boolean(product.attributes?.powerKw && product.attributes?.weightKg),
    related,
    reservationDepositPence: product.reservationDepositPence ?? null,
    breadcrumbs: [{ name: 'Home', path: paths.home() }, ...categoryTrail(product.category), { name: product.name, path: paths.product(product.slug) }],
  }
}
