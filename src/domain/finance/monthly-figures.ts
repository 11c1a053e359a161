// Monthly figures on listings: which quote a card's "from £X a month" is, and the budget filter's rule
// (the most a rider pays a month, their deposit and term) as price ceilings per lender rate, so SQL can answer it.
import type { Pence } from '../money'
import { quoteFinance, monthlyRateFromApr, type FinanceQuote } from './quote-engine'
import { quotePanel, type BikeCondition, type BikeForFinance, type Lender } from './rate-table'
import type { RepresentativeExample } from './representative-example'

/**
 * The first quote the finance step shows: its hire-purchase section comes first, cheapest first, then PCP
 * (features/finance/components/product-step.tsx). `quotes` arrive cheapest first, as the client keeps them.
 * The card, the product page's example and the compare page all name this one quote.
 */
export function firstShownQuote<T extends { readonly facilityType: string }>(quotes: readonly T[]): T | null {
  return quotes.find((q) => q.facilityType === 'HP') ?? quotes[0] ?? null
}

/* ------------------------------------------------------------------------------------------------ */
/* The budget filter                                                                                  */

export const BUDGET_TERMS = [24, 36, 48, 60] as const
export const DEFAULT_BUDGET_TERM = 36
/** Above this a "budget" is not a budget: clamped, never an error (like the price filter). */
export const MAX_BUDGET_POUNDS = 5_000
export const MAX_BUDGET_DEPOSIT_POUNDS = 100_000

export interface BudgetQuery {
  readonly monthlyPence: Pence
  readonly depositPence: Pence
  readonly termMonths: number
}

/**
 * The budget's URL parameters (`monthly`, `deposit`, `term`), read as a person types them ("£150", "1,000");
 * null when no monthly budget is given. Never throws; an unknown term falls back to the default.
 */
export function parseBudget(monthly: string | undefined, deposit: string | undefined, term: string | undefined): BudgetQuery | null {
  const m = pounds(monthly)
  if (m === null || m <= 0) return null
  const d = pounds(deposit) ?? 0
  const t = Number(term)
  return {
    monthlyPence: Math.round(Math.min(m, MAX_BUDGET_POUNDS) * 100),
    depositPence: Math.round(Math.min(d, MAX_BUDGET_DEPOSIT_POUNDS) * 100),
    termMonths: (BUDGET_TERMS as readonly number[]).includes(t) ? t : DEFAULT_BUDGET_TERM,
  }
}

function pounds(value: string | undefined): number | null {
  if (!value) return null
  const cleaned = value.replace(/[£,\s]/g, '')
  if (!/^\d{1,9}(?:\.\d{0,2})?$/.test(cleaned)) return null
  return Number(cleaned)
}

/** The budget back as URL parameters, whole pounds without decimals. */
export function budgetParams(budget: BudgetQuery): [string, string][] {
  const text = (pence: number) => (pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2))
  return [
    ['monthly', text(budget.monthlyPence)],
    ['deposit', text(budget.depositPence)],
    ['term', String(budget.termMonths)],
  ]
}

/**
 * One lender's hire-purchase rate, as a condition on bikes SQL can test: a bike passes when it matches the
 * condition, registration window and mileage, and its cash price lies in [minPricePence, maxPricePence]. Its
 * monthly payment there is `perPencePrice × (price − deposit) + offsetPence` before rounding to the penny (the engine's
 * level payment), which SQL uses to sort by monthly cost.
 */
export interface BudgetClause {
  readonly funderCode: string
  readonly aprPercent: number
  readonly condition: BikeCondition | 'any'
  /** Used bikes only: registered on or before this instant (at least the band's minimum age). */
  readonly registeredNotAfter: string | null
  /** Used bikes only: registered after this instant (at most the band's and lender's maximum age). */
  readonly registeredAfter: string | null
  readonly maxOdometerMiles: number
  readonly minPricePence: Pence
  readonly maxPricePence: Pence
  readonly perPencePrice: number
  readonly offsetPence: number
}

/** The end of the UTC day `months` calendar months before `asOf`: a bike registered by then is at least that old. */
function monthsBefore(asOf: Date, months: number): string {
  return new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - months, asOf.getUTCDate(), 23, 59, 59, 999)).toISOString()
}

/**
 * The largest advance whose hire-purchase level payment is within the budget, found with the quote engine itself
 * (the payment only rises with the advance), or null when even the lender's smallest advance is over it.
 */
export function largestAdvanceWithin(lender: Lender, aprPercent: number, budget: BudgetQuery): Pence | null {
  const payment = (advance: number): number | null => {
    const q = quoteFinance({
      product: 'HP',
      cashPricePence: budget.depositPence + advance,
      depositPence: budget.depositPence,
      aprPercent,
      termMonths: budget.termMonths,
      acceptanceFeePence: lender.acceptanceFeePence,
      optionToPurchaseFeePence: lender.optionToPurchaseFeePence,
    })
    return q.ok ? q.quote.regularPaymentPence : null
  }
  const fits = (advance: number) => {
    const p = payment(advance)
    return p !== null && p <= budget.monthlyPence
  }
  let lo = Math.max(1, lender.minAdvancePence)
  if (!fits(lo)) return null
  let hi = lender.maxAdvancePence
  if (fits(hi)) return hi
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid
  }
  return lo
}

/**
 * Every hire-purchase rate of the panel that could quote the budget's term, with the cash prices at which its
 * payment fits the budget and its deposit satisfies the lender. A bike fits the budget when any clause holds;
 * its best quote is the cheapest of the clauses it meets (bestBudgetQuote gives the same answer bike by bike).
 */
export function budgetClauses(panel: readonly Lender[], budget: BudgetQuery, asOf: Date): BudgetClause[] {
  const clauses: BudgetClause[] = []
  const n = budget.termMonths
  for (const lender of panel) {
    if (!lender.products.includes('HP') || n < lender.minTermMonths || n > lender.maxTermMonths) continue
    // The deposit must be at least the lender's percent of the price: price ≤ deposit × 100 / percent.
    const depositCeiling = lender.minDepositPercent > 0 ? Math.floor((budget.depositPence * 100) / lender.minDepositPercent + 1e-6) : Number.MAX_SAFE_INTEGER
    for (const band of lender.aprBands) {
      if (band.product !== 'HP' || n < band.minTermMonths || n > band.maxTermMonths) continue
      const advance = largestAdvanceWithin(lender, band.aprPercent, budget)
      if (advance === null) continue
      const maxPricePence = Math.min(budget.depositPence + advance, depositCeiling)
      const minPricePence = budget.depositPence + lender.minAdvancePence
      if (maxPricePence < minPricePence) continue
      // Age in whole months, as the lender counts it: the band's years, and the bike's age at the end of the term.
      const oldestMonths = Math.min(band.maxAgeYears * 12 + 11, lender.maxAgeAtEndOfTermYears * 12 - n)
      if (oldestMonths < band.minAgeYears * 12) continue
      const newAllowed = band.condition !== 'used' && band.minAgeYears === 0
      const usedAllowed = band.condition !== 'new'
      if (!newAllowed && !usedAllowed) continue
      const r = monthlyRateFromApr(band.aprPercent)
      const annuity = r === 0 ? n : (1 - Math.pow(1 + r, -n)) / r
      const feeNow = r === 0 ? lender.acceptanceFeePence : lender.acceptanceFeePence * Math.pow(1 + r, -1)
      clauses.push({
        funderCode: lender.funderCode,
        aprPercent: band.aprPercent,
        condition: newAllowed && usedAllowed ? 'any' : newAllowed ? 'new' : 'used',
        registeredNotAfter: band.minAgeYears > 0 ? monthsBefore(asOf, band.minAgeYears * 12) : null,
        registeredAfter: monthsBefore(asOf, oldestMonths + 1),
        maxOdometerMiles: lender.maxOdometerMiles,
        minPricePence,
        maxPricePence,
        perPencePrice: 1 / annuity,
        offsetPence: -feeNow / annuity,
      })
    }
  }
  return clauses
}

/** The cheapest hire-purchase quote the panel gives this bike on the budget's deposit and term (fitting or not), and its lender. */
export function bestBudgetQuote(panel: readonly Lender[], bike: BikeForFinance, budget: BudgetQuery, asOf: Date): { readonly quote: FinanceQuote; readonly lenderName: string } | null {
  let best: { quote: FinanceQuote; lenderName: string } | null = null
  for (const q of quotePanel(panel, bike, { termMonths: budget.termMonths, depositPence: budget.depositPence, annualDistance: 0, asOf })) {
    if (q.product !== 'HP' || !q.outcome.ok) continue
    if (!best || q.outcome.quote.regularPaymentPence < best.quote.regularPaymentPence) best = { quote: q.outcome.quote, lenderName: q.lenderName }
  }
  return best
}

/** An engine quote as the representative example CONC 3.5.5R asks for (the same shape a lender's figures give). */
export function exampleFromQuote(quote: FinanceQuote): RepresentativeExample {
  return {
    facilityType: quote.product,
    cashPricePence: quote.totalCashPricePence,
    depositPence: quote.depositPence,
    creditPence: quote.advancePence,
    termMonths: quote.termMonths,
    numberOfMonthlyPayments: quote.numberOfMonthlyPayments,
    regularPaymentPence: quote.regularPaymentPence,
    finalPaymentPence: quote.finalPaymentPence,
    totalPayablePence: quote.totalPayablePence,
    totalChargeForCreditPence: quote.totalChargeForCreditPence,
    fixedRatePercent: quote.flatRatePercent,
    aprPercent: quote.aprPercent,
    acceptanceFeePence: quote.acceptanceFeePence,
    optionToPurchaseFeePence: quote.optionToPurchaseFeePence,
    annualDistance: null,
  }
}
