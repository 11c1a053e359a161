// The "Estimated £x–£y a month" line on a bike's product page (spec §9), with the inputs it was worked from.
import type { Pence } from '../money'
import type { ProductKind } from '../catalogue/product-kind'
import { monthlyPaymentEstimate, type MonthlyEstimate } from './monthly-estimate'
import { financePricePence, financeWidgetTerms, type ProductPromotion } from './quote-client-rules'

/** Hire purchase is offered on powered bikes only; pedal cycles go through other schemes. */
export const FINANCEABLE_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter', 'e-bike']

export interface ProductFinanceInput {
  readonly kind: ProductKind | null | undefined
  readonly financeable: boolean | null | undefined
  readonly pricePence: Pence | null
  readonly extraFeePence?: Pence | null
  readonly promotions?: readonly ProductPromotion[] | null
  /** The bike's stock when known: a sold bike (0) is not offered on finance. */
  readonly stockQuantity?: number | null
}

export interface ProductMonthlyEstimate {
  readonly estimate: MonthlyEstimate
  /** Price plus extra fee: what finance is quoted on. */
  readonly financePricePence: Pence
  readonly depositPence: Pence
  readonly termMonths: number
}

/**
 * amount = finance price (product price + extra fee, spec §9: the customer finances the bike on the road)
 * minus the deposit the finance step opens with; n = the term it opens with. Both come from
 * financeWidgetTerms: by default a 10% deposit rounded up to the next £100 and 36 months, or what the
 * product's 'Finance Offer' promotion sets (its term, and its deposit, which spec §9 says overrides too).
 * So the range describes the quote the customer sees on /finance-checkout-product if they change nothing.
 * Null when the product cannot be financed, has sold, has no price, or the deposit covers it.
 */
export function productMonthlyEstimate(input: ProductFinanceInput): ProductMonthlyEstimate | null {
  if (!input.financeable || !input.kind || !FINANCEABLE_KINDS.includes(input.kind)) return null
  if (input.stockQuantity !== undefined && input.stockQuantity !== null && input.stockQuantity <= 0) return null
  if (input.pricePence === null || input.pricePence <= 0) return null
  const price = financePricePence(input.pricePence, input.extraFeePence)
  const terms = financeWidgetTerms(price, input.promotions)
  const estimate = monthlyPaymentEstimate(price, { depositPence: terms.depositPence, termMonths: terms.termMonths })
  if (!estimate) return null
  return { estimate, financePricePence: price, depositPence: terms.depositPence, termMonths: terms.termMonths }
}

/**
 * The estimate shown beside a real quote on the same terms (the page's representative example): the range is
 * widened, never narrowed, to whole pounds around the quote's monthly payment, so the coarse spec §9 figure can
 * never contradict the lender's real one printed under it (its 3–15% spread sits below our panel's rates).
 */
export function estimateContaining(estimate: MonthlyEstimate, monthlyPaymentPence: Pence): MonthlyEstimate {
  return {
    lowerPounds: Math.min(estimate.lowerPounds, Math.floor(monthlyPaymentPence / 100)),
    upperPounds: Math.max(estimate.upperPounds, Math.ceil(monthlyPaymentPence / 100)),
  }
}
