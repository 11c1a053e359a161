// What the quote call offers when the customer's chosen lender refuses a change they made: the alternatives the
// panel predicts (domain/finance/refusal-alternatives.ts), turned into what the browser can act on in one click.
// A lender's quote is offered only when the quote service really gave one on the changed terms, so choosing it
// takes that quote as it was recorded. With an outside quote service (FINANCE_QUOTES_URL) the shop's own panel, the
// lenders collection, predicts the deposit; should the service still refuse it, that is a new request refused, and
// its answer carries its own alternatives.
import type { Pence } from '../../domain/money'
import { partExchangeNet } from '../../domain/finance/part-exchange'
import { alternativesToRefusal, type FinanceAlternative } from '../../domain/finance/refusal-alternatives'
import type { BikeForFinance, Lender, PanelRequest } from '../../domain/finance/rate-table'

/** The customer's chosen lender and the terms they had a quote for before this change. */
export interface AlternativesFor {
  readonly funderCode: string
  readonly facilityType: 'HP' | 'PCP'
  readonly previous?: {
    readonly termMonths: number
    readonly depositPence: number
    readonly annualDistance: number
    readonly accessories: readonly { readonly productId: number; readonly variantId?: number | null }[]
  } | null
}

/** What this needs of a quote the service gave (features/finance/finance-client.ts's OfferedQuote). */
export interface GivenQuote {
  readonly funderCode: string
  readonly facilityType: 'HP' | 'PCP'
  readonly example: { readonly regularPaymentPence: Pence }
}

interface OfferedBase {
  readonly funderCode: string
  readonly lenderName: string
  readonly facilityType: 'HP' | 'PCP'
  readonly regularPaymentPence: Pence
}

/** One thing the customer can choose instead of the refused change. */
export type OfferedAlternative<Q extends GivenQuote = GivenQuote> =
  /** The cash deposit (a part-exchange's equity on top, as before) at which the same lender would quote. */
  | (OfferedBase & { readonly kind: 'deposit'; readonly depositPence: Pence })
  /** Another lender's quote on the changed terms, as the quote service gave it. */
  | (OfferedBase & { readonly kind: 'lender'; readonly quote: Q })
  /** The quote as it was before the change. */
  | (OfferedBase & { readonly kind: 'without-change' })

export function offeredAlternatives<Q extends GivenQuote>(input: {
  readonly panel: readonly Lender[]
  readonly bike: BikeForFinance
  readonly terms: { readonly termMonths: number; readonly depositPence: number; readonly annualDistance: number }
  readonly accessories: readonly { readonly productId: number; readonly pricePence: Pence }[]
  readonly partExchange: { readonly valuePence: number; readonly settlementPence: number } | null
  readonly quotes: readonly Q[]
  readonly alternativesFor: AlternativesFor | null | undefined
  readonly asOf: Date
}): OfferedAlternative<Q>[] {
  const wantedFor = input.alternativesFor
  if (!wantedFor) return []
  // The chosen lender quoted the change: nothing was refused.
  if (input.quotes.some((q) => q.funderCode === wantedFor.funderCode && q.facilityType === wantedFor.facilityType)) return []
  const net = input.partExchange ? partExchangeNet(input.partExchange) : { equityPence: 0, negativeEquityPence: 0 }
  const request = (terms: { termMonths: number; depositPence: number; annualDistance: number }, valueAddedProductsPence: number): PanelRequest => ({
    termMonths: terms.termMonths,
    depositPence: terms.depositPence + net.equityPence,
    annualDistance: terms.annualDistance,
    valueAddedProductsPence,
    negativeEquityPence: net.negativeEquityPence,
    asOf: input.asOf,
  })
  const priced = new Map(input.accessories.map((a) => [a.productId, a.pricePence]))
  const wanted = request(input.terms, input.accessories.reduce((sum, a) => sum + a.pricePence, 0))
  // The earlier accessories are priced from this request's: an accessory the change took away is not priced here,
  // so the quote before such a change is not offered.
  const previous = wantedFor.previous
  const previousPrices = previous ? previous.accessories.map((a) => priced.get(a.productId)) : []
  const before = previous && previousPrices.every((p) => p !== undefined) ? request(previous, previousPrices.reduce<number>((sum, p) => sum + (p ?? 0), 0)) : null

  const decided: FinanceAlternative[] = alternativesToRefusal({ panel: input.panel, bike: input.bike, chosen: { funderCode: wantedFor.funderCode, product: wantedFor.facilityType }, wanted, previous: before })
  const out: OfferedAlternative<Q>[] = []
  for (const alternative of decided) {
    const base = { funderCode: alternative.funderCode, lenderName: alternative.lenderName, facilityType: alternative.product, regularPaymentPence: alternative.regularPaymentPence }
    if (alternative.kind === 'deposit') out.push({ ...base, kind: 'deposit', depositPence: alternative.depositPence - net.equityPence })
    else if (alternative.kind === 'without-change') out.push({ ...base, kind: 'without-change' })
    else {
      const quote = input.quotes.find((q) => q.funderCode === alternative.funderCode && q.facilityType === alternative.product)
      if (quote) out.push({ ...base, regularPaymentPence: quote.example.regularPaymentPence, kind: 'lender', quote })
    }
  }
  return out
}
