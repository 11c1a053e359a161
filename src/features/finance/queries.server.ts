// Server reads for the finance pages: the bike being financed, the dealer's FCA disclosures, and the product page's representative example.
import 'server-only'
import { cache } from 'react'
import { financeQuotesForProduct, type OfferedQuote } from './finance-client'
import { payloadClient } from '../../cms/payload-client.server'
import { FINANCEABLE_KINDS } from '../../domain/finance/product-monthly-estimate'
import { firstShownQuote } from '../../domain/finance/monthly-figures'
import { chargesFromExtraFee, includedChargesText, productPrice } from '../../domain/catalogue/product-price'
import { financeWidgetTerms, type FinanceTerms } from '../../domain/finance/quote-client-rules'
import { paths } from '../../config/paths'
import type { Media, Product, Reservation } from '../../payload-types'
import { onSaleBySlug } from '../catalogue/queries.server'

// the dealer's FCA disclosures: one reading, shared with the listings (features/finance-figures)
export { financeDisclosures } from '../finance-figures/disclosures.server'

export interface FinanceProduct {
  readonly productId: number
  readonly slug: string
  readonly name: string
  readonly condition: 'new' | 'used'
  readonly pricePence: number
  readonly extraFeePence: number
  readonly extraFeeLabel: string | null
  /** "Includes £250 on-the-road charges: …" (ADR 023), or null. */
  readonly includedCharges: string | null
  readonly financePricePence: number
  readonly image: { readonly url: string; readonly alt: string } | null
  readonly relatedIds: readonly number[]
  /** False when the bike has sold: only a customer holding its reservation may still finance it. */
  readonly inStock: boolean
  /** The terms the finance step opens with (spec §9 defaults or the product's 'Finance Offer'). */
  readonly terms: FinanceTerms
}

/** A bike that can be financed, by slug; null when there is none on sale or it is not offered on finance. */
export const financeProductBySlug = cache(async (slug: string): Promise<FinanceProduct | null> => {
  const payload = await payloadClient()
  const found = await payload.find({
    collection: 'products',
    where: onSaleBySlug(slug),
    limit: 1,
    depth: 1,
    overrideAccess: false,
    joins: { variants: false },
    populate: { media: { url: true, alt: true, sizes: true }, products: { status: true } },
  })
  const product = found.docs[0] as Product | undefined
  if (!product || product.price === null || product.price === undefined || product.price <= 0) return null
  if (!product.vehicle?.financeable || !product.kind || !FINANCEABLE_KINDS.includes(product.kind)) return null
  // The finance cash price is the headline price every other surface shows (ADR 023).
  const price = productPrice({ basePricePence: product.price, vatRatePercent: product.vatRate, charges: chargesFromExtraFee(product.beforeAddToBasketNotification?.extraFee) })!
  const extraFeePence = price.charges.reduce((sum, c) => sum + c.pence, 0)
  const financePrice = price.totalPence
  const promotions = (product.beforeAddToBasketNotification?.productPromotions ?? []).map((p) => ({
    offerType: p.offerType,
    financeOptionsAdjustment: p.financeOptionsAdjustment
      ? { termInMonths: p.financeOptionsAdjustment.termInMonths, annualDistance: p.financeOptionsAdjustment.annualDistance, cashDepositPence: p.financeOptionsAdjustment.cashDeposit }
      : null,
  }))
  const media = typeof product.featuredImage === 'object' && product.featuredImage ? (product.featuredImage as Media) : null
  const url = media?.sizes?.thumbnail?.url ?? media?.url
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    condition: product.condition,
    pricePence: product.price,
    extraFeePence,
    extraFeeLabel: price.charges[0]?.label ?? null,
    includedCharges: includedChargesText(price),
    financePricePence: financePrice,
    image: media && url ? { url, alt: media.alt ?? '' } : null,
    inStock: (product.stockQuantity ?? 0) > 0,
    relatedIds: (product.relatedProducts ?? []).flatMap((r) => (typeof r === 'object' ? (r.status === 'active' ? [r.id] : []) : [r])),
    terms: financeWidgetTerms(financePrice, promotions),
  }
})

/**
 * The product page's representative example: the cheapest quote the panel gives on the terms the finance step
 * opens with (hire purchase first, as the estimate describes hire purchase). Not recorded: it is an example, not
 * a quote the customer chose. Null when no lender would quote, in which case no monthly figure may be shown.
 */
export async function representativeQuoteForProduct(slug: string): Promise<OfferedQuote | null> {
  const product = await financeProductBySlug(slug)
  if (!product) return null
  const payload = await payloadClient()
  try {
    const outcome = await financeQuotesForProduct(
      payload,
      { productId: product.productId, termMonths: product.terms.termMonths, depositPence: product.terms.depositPence, annualDistance: product.terms.annualDistance },
      { record: false },
    )
    if (!outcome.ok) return null
    return firstShownQuote(outcome.quotes)
  } catch (error) {
    payload.logger.error({ msg: 'representative finance example failed', err: error })
    return null
  }
}

/**
 * The finance checkout for an active reservation's bike, carrying its link token (ADR 011), when the bike is
 * offered on finance; null otherwise (finance quotes a bike without a size or colour choice).
 */
export async function reservationFinanceHref(r: Reservation, token: string): Promise<string | null> {
  if (r.status !== 'active' || r.variant != null) return null
  const payload = await payloadClient()
  const productId = typeof r.product === 'object' ? r.product.id : r.product
  const bike = await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true, disableErrors: true, select: { slug: true } })
  if (!bike?.slug || !(await financeProductBySlug(bike.slug))) return null
  return paths.financeCheckoutReserved(bike.slug, token)
}
