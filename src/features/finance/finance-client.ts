// The shop's finance client: builds the iVendi request for a bike from the catalogue, asks the quote source,
// keeps the usable product quotes (cheapest first) and records each in `finance-quotes` so an order can only
// name a quote really given.
//
// Where quotes come from: FINANCE_QUOTES_URL when set (iVendi's Quoteware, or any service speaking its
// protocol, e.g. this shop's own /api/finance-provider/quotes); otherwise the built-in provider is called
// in-process with the same request and gives the same response it would over HTTP, without a loop back through
// this server's own front door. No 'server-only' import: integration tests load it outside Next.
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { FINANCEABLE_KINDS } from '../../domain/finance/product-monthly-estimate'
import { chargesFromExtraFee, headlinePricePence } from '../../domain/catalogue/product-price'
import { representativeExample, type RepresentativeExample } from '../../domain/finance/representative-example'
import type { Lender } from '../../domain/finance/rate-table'
import type { PartExchangeValuation, Product, Variant } from '../../payload-types'
import { ivendiHttpQuoteSource } from '../../adapters/finance/ivendi/http-quote-source'
import { answerIvendiQuoteRequest, ivendiErrorResponse, ivendiQuoteRequestSchema, PROVIDER_ERRORS, requestProblems, QUOTE_VALIDITY_DAYS } from '../../adapters/finance/ivendi/provider'
import { buildIvendiQuoteRequest, type IvendiClientConfig } from '../../adapters/finance/ivendi/request'
import { quoteFigures, usableProductQuotes } from '../../adapters/finance/ivendi/response'
import type { IvendiFigures, IvendiQuoteResponse } from '../../adapters/finance/ivendi/types'
import { panelFromDocuments } from '../finance-figures/lender-document'
import type { FinanceQuoteSource } from '../../adapters/finance/quote-source'
import { poundsToPence } from '../../domain/money'
import { financeDisclosureTexts, type FinanceDisclosureTexts } from '../../domain/finance/disclosures'
import { storedValuation } from './part-exchange'
import { offeredAlternatives, type AlternativesFor, type OfferedAlternative } from './quote-alternatives'

export interface FinanceQuoteQuery {
  readonly productId: number
  readonly variantId?: number | null
  readonly termMonths: number
  readonly depositPence: number
  readonly annualDistance: number
  /** Accessories financed with the bike; each must be one of the bike's related products. */
  readonly accessories?: readonly { readonly productId: number; readonly variantId?: number | null }[]
  /** A valuation the shop issued ("Value my bike"): its figures are read back from the store, never from the caller. */
  readonly valuationId?: string | null
  /** The customer's chosen lender, and the terms before their change: asked for, a refusal comes with what would work instead. */
  readonly alternativesFor?: AlternativesFor | null
}

/** The part-exchange on a quote, as the quote's own figures state it, with the bike it is for. */
export interface QuotedPartExchange {
  readonly valuationId: string
  readonly vrm: string
  readonly make: string
  readonly year: number
  readonly valuePence: number
  readonly settlementPence: number
  /** Value less settlement: what the balance to finance is lowered by (raised, when negative). */
  readonly netPence: number
}

/** One usable product quote, as the storefront shows it. */
export interface OfferedQuote {
  readonly quoteUid: string
  readonly facilityType: 'HP' | 'PCP'
  readonly productName: string
  readonly funderCode: string
  readonly lenderName: string
  readonly example: RepresentativeExample
  readonly expiresAt: string
  /** Null without a part-exchange. */
  readonly partExchange: QuotedPartExchange | null
}

export interface QuotedAccessory {
  readonly productId: number
  readonly variantId: number | null
  readonly name: string
  readonly pricePence: number
}

export type FinanceQuoteOutcome =
  | {
      readonly ok: true
      readonly quotes: readonly OfferedQuote[]
      /** Why lenders could not quote, per facility, for the customer to change the terms. */
      readonly refusals: readonly { readonly facilityType: string; readonly productName: string; readonly messages: readonly string[] }[]
      readonly financePricePence: number
      readonly accessories: readonly QuotedAccessory[]
      /** When the chosen lender (alternativesFor) refused the change: what would work instead, each one click. */
      readonly alternatives: readonly OfferedAlternative<OfferedQuote>[]
    }
  | { readonly ok: false; readonly status: 404 | 409 | 422 | 502; readonly message: string }

export async function lenderPanel(payload: Payload): Promise<Lender[]> {
  const found = await payload.find({ collection: 'lenders', where: { active: { equals: true } }, limit: 100, depth: 0, overrideAccess: true, pagination: false })
  return panelFromDocuments(found.docs)
}

export function ivendiClientConfig(): IvendiClientConfig {
  const e = env()
  const quoteeUid = e.IVENDI_QUOTEE_UID || 'wheelhouse-built-in'
  return { username: e.IVENDI_USERNAME || 'wheelhouse', quoteeUid, cfMotoQuoteeUid: e.IVENDI_CF_MOTO_QUOTEE_UID || quoteeUid }
}

let uidCounter = 0
export function newUid(): string {
  return globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `q-${Date.now()}-${++uidCounter}`
}

/** The built-in provider, in-process: the panel from the `lenders` collection. */
export function builtInQuoteSource(payload: Payload, now: () => Date = () => new Date()): FinanceQuoteSource {
  return {
    name: 'built-in',
    async quote(request) {
      const parsed = ivendiQuoteRequestSchema.safeParse(request)
      if (!parsed.success) return { ok: true, response: ivendiErrorResponse(requestProblems(parsed.error), PROVIDER_ERRORS.malformed, newUid) }
      return { ok: true, response: answerIvendiQuoteRequest(parsed.data, { panel: await lenderPanel(payload), now: now(), uid: newUid }) }
    },
  }
}

export function configuredQuoteSource(payload: Payload): FinanceQuoteSource {
  const url = env().FINANCE_QUOTES_URL
  return url ? ivendiHttpQuoteSource({ url }) : builtInQuoteSource(payload)
}

/** "/Date(1615939200000+0000)/" or an ISO string to a Date; null when neither. */
function wireDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const wire = /^\/Date\((-?\d+)/.exec(value)
  const date = wire ? new Date(Number(wire[1])) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

function refusalsOf(response: IvendiQuoteResponse): { facilityType: string; productName: string; messages: string[] }[] {
  const out: { facilityType: string; productName: string; messages: string[] }[] = []
  for (const quoteResult of response.QuoteResults ?? []) {
    for (const result of quoteResult.Results ?? []) {
      if (result.hasErrors) out.push({ facilityType: 'all', productName: 'All lenders', messages: (result.Errors?.PublicErrors ?? []).map((e) => e.Message) })
      for (const group of result.ProductGroups ?? []) {
        for (const quote of group.ProductQuotes ?? []) {
          if (quote.hasErrors || !quote.Figures) {
            out.push({ facilityType: group.FacilityType, productName: quote.ProductName, messages: (quote.Errors?.PublicErrors ?? []).map((e) => e.Message) })
          }
        }
      }
    }
  }
  if (response.hasErrors) out.push({ facilityType: 'all', productName: 'Quote service', messages: (response.Errors?.PublicErrors ?? []).map((e) => e.Message) })
  return out
}

/**
 * Quotes for one bike on the customer's terms, every sum from the catalogue (never from the browser).
 * Records each usable quote; returns them cheapest regular payment first.
 */
export async function financeQuotesForProduct(
  payload: Payload,
  query: FinanceQuoteQuery,
  options: {
    readonly source?: FinanceQuoteSource
    readonly now?: Date
    /** false for display-only quotes (the product page's example) */
    readonly record?: boolean
    /** refuse a bike with no stock (a customer without its reservation: the sold bike cannot be bought) */
    readonly inStockOnly?: boolean
  } = {},
): Promise<FinanceQuoteOutcome> {
  const now = options.now ?? new Date()
  const product = (await payload.findByID({ collection: 'products', id: query.productId, depth: 1, overrideAccess: false, disableErrors: true })) as Product | null
  if (!product || product.status !== 'active') return { ok: false, status: 404, message: 'That product is not on sale.' }
  if (!product.vehicle?.financeable || !product.kind || !FINANCEABLE_KINDS.includes(product.kind)) {
    return { ok: false, status: 422, message: 'Finance is not offered on this product.' }
  }
  let pricePence = product.price ?? null
  let variant: Variant | null = null
  if (query.variantId) {
    variant = (await payload.findByID({ collection: 'variants', id: query.variantId, depth: 0, overrideAccess: false, disableErrors: true })) as Variant | null
    const owner = variant ? (typeof variant.product === 'object' ? variant.product.id : variant.product) : null
    if (!variant || owner !== product.id) return { ok: false, status: 404, message: 'That size or colour is not available.' }
    pricePence = variant.price ?? pricePence
  }
  if (pricePence === null || pricePence <= 0) return { ok: false, status: 422, message: 'This product has no price to finance; please contact us.' }
  if (options.inStockOnly && ((variant ? variant.stockQuantity : product.stockQuantity) ?? 0) <= 0) {
    return { ok: false, status: 409, message: `Sorry, the ${product.name} has sold, so it can no longer be bought on finance.` }
  }

  const related = new Set((product.relatedProducts ?? []).map((r) => (typeof r === 'object' ? r.id : r)))
  const accessories: QuotedAccessory[] = []
  const seen = new Set<number>()
  for (const wanted of query.accessories ?? []) {
    if (seen.has(wanted.productId)) continue
    seen.add(wanted.productId)
    if (!related.has(wanted.productId)) return { ok: false, status: 422, message: `Product ${wanted.productId} is not an accessory offered with this bike.` }
    const accessory = (await payload.findByID({ collection: 'products', id: wanted.productId, depth: 0, overrideAccess: false, disableErrors: true })) as Product | null
    if (!accessory || accessory.status !== 'active') return { ok: false, status: 404, message: `Accessory ${wanted.productId} is not on sale.` }
    let accessoryPrice = accessory.price ?? null
    let name = accessory.name
    if (wanted.variantId) {
      const v = (await payload.findByID({ collection: 'variants', id: wanted.variantId, depth: 0, overrideAccess: false, disableErrors: true })) as Variant | null
      const owner = v ? (typeof v.product === 'object' ? v.product.id : v.product) : null
      if (!v || owner !== accessory.id) return { ok: false, status: 404, message: `That option of ${accessory.name} is not available.` }
      accessoryPrice = v.price ?? accessoryPrice
      name = [accessory.name, v.size, v.colour].filter(Boolean).join(' – ')
    } else if (accessory.productType === 'variable') {
      return { ok: false, status: 422, message: `Choose a size or colour of ${accessory.name}.` }
    }
    // An accessory's headline price (ADR 023), as the finance order's basket line will charge it.
    accessoryPrice = headlinePricePence({ basePricePence: accessoryPrice, vatRatePercent: accessory.vatRate, charges: chargesFromExtraFee(accessory.beforeAddToBasketNotification?.extraFee) })
    if (accessoryPrice === null || accessoryPrice <= 0) return { ok: false, status: 422, message: `${accessory.name} has no price to finance.` }
    accessories.push({ productId: accessory.id, variantId: wanted.variantId ?? null, name, pricePence: accessoryPrice })
  }

  // A part-exchange: the valuation the shop issued, read back by its id; the browser's own figures are never used.
  const valuation = query.valuationId ? await storedValuation(payload, query.valuationId, now) : null
  if (query.valuationId && !valuation) return { ok: false, status: 422, message: 'Your bike’s valuation has expired or was not found: value your bike again.' }

  // The cash price quoted is the headline price the basket charges and the order stores (ADR 023).
  const financePrice = headlinePricePence({ basePricePence: pricePence, vatRatePercent: product.vatRate, charges: chargesFromExtraFee(product.beforeAddToBasketNotification?.extraFee) }) ?? pricePence
  const brand = typeof product.brand === 'object' && product.brand ? product.brand.slug : null
  const built = buildIvendiQuoteRequest(
    {
      brandSlug: brand,
      cashPricePence: financePrice,
      depositPence: query.depositPence,
      termMonths: query.termMonths,
      annualDistance: query.annualDistance,
      used: product.condition === 'used',
      vrm: product.vehicle?.vrm ?? null,
      capCode: product.vehicle?.capCode ?? null,
      registrationDate: product.vehicle?.registrationDate ?? null,
      currentOdometerReading: product.vehicle?.mileage ?? 0,
      stockIdentity: product.sku ?? String(product.id),
      valueAddedProducts: accessories.map((a) => ({ description: a.name.slice(0, 200), grossPricePence: a.pricePence })),
      partExchangePence: valuation?.valuePence ?? 0,
      outstandingSettlementPence: valuation?.outstandingFinancePence ?? 0,
      quoteDate: now,
    },
    ivendiClientConfig(),
  )
  if (!built.ok) return { ok: false, status: 422, message: built.error }

  const source = options.source ?? configuredQuoteSource(payload)
  const answer = await source.quote(built.request)
  if (!answer.ok) {
    payload.logger.error({ msg: 'finance quote failed', source: source.name, error: answer.error })
    return { ok: false, status: 502, message: 'The finance quote service is not answering. Please try again in a minute.' }
  }

  const lenders = await lenderPanel(payload)
  const lenderNames = new Map(lenders.map((l) => [l.funderCode, l.name]))
  const fallbackExpiry = new Date(now.getTime() + QUOTE_VALIDITY_DAYS * 86_400_000)
  // The disclosures every finance screen prints beside these quotes, kept with each quote recorded as what was shown.
  const disclosures = options.record !== false ? await shownDisclosures(payload) : null
  const quotes: OfferedQuote[] = []
  for (const usable of usableProductQuotes(answer.response)) {
    const facilityType = usable.FacilityType === 'PCP' ? 'PCP' : usable.FacilityType === 'HP' ? 'HP' : null
    const example = facilityType ? representativeExample(facilityType, quoteFigures(usable.Figures)) : null
    if (!facilityType || !example) continue
    const expiry = wireDate(usable.ExpiryDate)
    const expiresAt = expiry && expiry > now ? expiry : fallbackExpiry
    const lenderName = lenderNames.get(usable.FunderCode) ?? usable.ProductName
    if (disclosures) await recordQuote(payload, {
      quoteUid: usable.QuoteUID,
      lenderName,
      example,
      disclosures,
      productId: product.id,
      variantId: variant?.id ?? null,
      facilityType,
      funderCode: usable.FunderCode,
      productName: usable.ProductName,
      regularPaymentPence: example.regularPaymentPence,
      accessories: accessories.map((a) => ({ productId: a.productId, variantId: a.variantId })),
      figures: usable.Figures,
      expiresAt,
      valuationId: valuation?.id ?? null,
    })
    quotes.push({
      quoteUid: usable.QuoteUID,
      facilityType,
      productName: usable.ProductName,
      funderCode: usable.FunderCode,
      lenderName,
      example,
      expiresAt: expiresAt.toISOString(),
      partExchange: valuation ? quotedPartExchange(usable.Figures, valuation) : null,
    })
  }
  const alternatives = offeredAlternatives({
    panel: lenders,
    bike: { cashPricePence: financePrice, condition: product.condition === 'used' ? 'used' : 'new', registrationDate: product.vehicle?.registrationDate ?? null, odometerMiles: product.vehicle?.mileage ?? 0 },
    terms: { termMonths: query.termMonths, depositPence: query.depositPence, annualDistance: query.annualDistance },
    accessories,
    partExchange: valuation ? { valuePence: valuation.valuePence, settlementPence: valuation.outstandingFinancePence ?? 0 } : null,
    quotes,
    alternativesFor: query.alternativesFor,
    asOf: now,
  })
  return { ok: true, quotes, refusals: refusalsOf(answer.response), financePricePence: financePrice, accessories, alternatives }
}

/** The dealer's disclosures as the finance screens print them (features/finance-figures/disclosures.server.ts reads the same settings). */
export async function shownDisclosures(payload: Payload): Promise<FinanceDisclosureTexts> {
  return financeDisclosureTexts(await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true }))
}

async function recordQuote(
  payload: Payload,
  quote: {
    quoteUid: string
    lenderName: string
    example: RepresentativeExample
    disclosures: FinanceDisclosureTexts
    productId: number
    variantId: number | null
    facilityType: 'HP' | 'PCP'
    funderCode: string
    productName: string
    regularPaymentPence: number
    accessories: { productId: number; variantId: number | null }[]
    figures: IvendiFigures
    expiresAt: Date
    valuationId: number | null
  },
): Promise<void> {
  const existing = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: quote.quoteUid } }, limit: 1, depth: 0, overrideAccess: true })
  if (existing.docs[0]) return
  await payload.create({
    collection: 'finance-quotes',
    overrideAccess: true,
    data: {
      quoteUid: quote.quoteUid,
      product: quote.productId,
      variant: quote.variantId,
      facilityType: quote.facilityType,
      funderCode: quote.funderCode.slice(0, 20),
      productName: quote.productName.slice(0, 200),
      lenderName: quote.lenderName.slice(0, 120),
      shownExample: quote.example as unknown as Record<string, unknown>,
      disclosures: quote.disclosures,
      regularPaymentPence: quote.regularPaymentPence,
      accessories: quote.accessories,
      figures: quote.figures as unknown as Record<string, unknown>,
      expiresAt: quote.expiresAt.toISOString(),
      valuation: quote.valuationId,
    },
  })
}

/** The part-exchange as the quote's Figures state it (the provider's word on what it quoted), with the bike's details. */
function quotedPartExchange(figures: IvendiFigures, valuation: PartExchangeValuation): QuotedPartExchange {
  const valuePence = poundsToPence(figures.Asset?.PartExchange ?? 0)
  const settlementPence = poundsToPence(figures.Asset?.OutstandingSettlement ?? 0)
  return { valuationId: valuation.valuationUid, vrm: valuation.vrm, make: valuation.make, year: valuation.year, valuePence, settlementPence, netPence: valuePence - settlementPence }
}
