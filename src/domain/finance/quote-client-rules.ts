// The finance quote client's rules (spec §5, §9): the bike identified, prices read, terms defaulted.
// The iVendi wire request built from them is in src/adapters/finance/ivendi/request.ts.
import { poundsToPence, type Pence } from '../money'
import { productPrice } from '../catalogue/product-price'

/** Spec §5: the exact messages when a quote has nothing to identify the bike by. */
export const USED_BIKE_IDENTITY_ERROR = 'neither vrm nor capCode can be null'
export const NEW_BIKE_IDENTITY_ERROR = 'capCode cannot be null'

/** iVendi reads CAP codes as fixed-width, 20-character fields. */
export const CAP_CODE_LENGTH = 20

export interface FinanceTerms {
  readonly termMonths: number
  readonly annualDistance: number
  readonly depositPence: Pence
}

/** Spec §9: what the finance widget starts from before the customer changes anything. */
export const FINANCE_WIDGET_DEFAULTS = { termMonths: 36, annualDistance: 3000, depositPercent: 10 } as const

/** Spec §9: what a quote call uses for anything its caller leaves out. */
export const QUOTE_CALL_DEFAULTS: FinanceTerms = { termMonths: 24, annualDistance: 10000, depositPence: 0 }

/** Registration marks are sent without spaces ("CX17 HHA" → "CX17HHA"); blank counts as missing. */
export function normaliseVrm(vrm: string | null | undefined): string | null {
  const stripped = (vrm ?? '').replace(/\s+/g, '')
  return stripped === '' ? null : stripped
}

/** CAP codes are padded with trailing spaces to 20 characters; a longer code is sent as is, never cut. */
export function padCapCode(capCode: string | null | undefined): string | null {
  const trimmed = (capCode ?? '').trim()
  return trimmed === '' ? null : trimmed.padEnd(CAP_CODE_LENGTH, ' ')
}

export type AssetIdentity =
  | { readonly ok: true; readonly identityType: 'VRM' | 'RVC'; readonly identity: string }
  | { readonly ok: false; readonly error: typeof USED_BIKE_IDENTITY_ERROR | typeof NEW_BIKE_IDENTITY_ERROR }

/**
 * How iVendi will recognise the bike. A used bike goes by its registration (iVendi looks it up) and falls
 * back to its CAP code; a new bike has no registration history to look up, so only its CAP code will do,
 * which is why its error names capCode alone.
 */
export function assetIdentity(bike: { readonly used: boolean; readonly vrm?: string | null; readonly capCode?: string | null }): AssetIdentity {
  const vrm = normaliseVrm(bike.vrm)
  const capCode = padCapCode(bike.capCode)
  if (bike.used) {
    if (vrm) return { ok: true, identityType: 'VRM', identity: vrm }
    if (capCode) return { ok: true, identityType: 'RVC', identity: capCode }
    return { ok: false, error: USED_BIKE_IDENTITY_ERROR }
  }
  if (capCode) return { ok: true, identityType: 'RVC', identity: capCode }
  return { ok: false, error: NEW_BIKE_IDENTITY_ERROR }
}

/**
 * A product's price text ("£6,499.00", "&pound;6,499", "6 499") in pence, or null when it is not a
 * single plain amount. The CMS hands prices over as display text, so symbols and separators go first.
 */
export function parsePriceText(text: string | null | undefined): Pence | null {
  if (text === null || text === undefined) return null
  const cleaned = text
    .replace(/&(pound|#163|#x0*a3);/gi, '')
    .replace(/GBP/gi, '')
    .replace(/[£$€,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  return poundsToPence(Number(cleaned))
}

/**
 * Spec §9: the price finance is quoted on is the product price plus any extra fee (e.g. on-the-road costs):
 * the headline price of ADR 023, worked out by the one function every other surface uses.
 */
export function financePricePence(productPricePence: Pence, extraFeePence?: Pence | null): Pence {
  return productPrice({ basePricePence: productPricePence, vatRatePercent: 20, charges: [{ pence: extraFeePence ?? 0 }] })?.totalPence ?? productPricePence
}

/** 10% of the price, rounded up to the next whole £100 (£6,499 → £700), so the starting deposit is a round sum. */
export function defaultDepositPence(pricePence: Pence): Pence {
  // One division of whole numbers, so an exact £700 stays £700 rather than creeping to £800.
  return Math.ceil((Math.max(0, pricePence) * FINANCE_WIDGET_DEFAULTS.depositPercent) / (100 * 10000)) * 10000
}

export interface ProductPromotion {
  readonly offerType: string | null
  readonly financeOptionsAdjustment: {
    readonly termInMonths?: number | null
    readonly annualDistance?: number | null
    /** In pence, like every sum in the domain; the CMS adapter converts. */
    readonly cashDepositPence?: Pence | null
  } | null
}

export const FINANCE_OFFER = 'Finance Offer'

/**
 * The terms the finance widget opens with for a finance price (spec §9), after the product's first
 * 'Finance Offer' promotion. Term and mileage override only when above 0, because 0 in the CMS means
 * "not set"; the deposit overrides from 0 up, because a £0 deposit is itself the offer.
 */
export function financeWidgetTerms(financePrice: Pence, promotions?: readonly ProductPromotion[] | null): FinanceTerms {
  const terms = {
    termMonths: FINANCE_WIDGET_DEFAULTS.termMonths as number,
    annualDistance: FINANCE_WIDGET_DEFAULTS.annualDistance as number,
    depositPence: defaultDepositPence(financePrice),
  }
  const adjustment = promotions?.find((promotion) => promotion.offerType === FINANCE_OFFER)?.financeOptionsAdjustment
  if (!adjustment) return terms
  if (typeof adjustment.termInMonths === 'number' && adjustment.termInMonths > 0) terms.termMonths = adjustment.termInMonths
  if (typeof adjustment.annualDistance === 'number' && adjustment.annualDistance > 0) terms.annualDistance = adjustment.annualDistance
  if (typeof adjustment.cashDepositPence === 'number' && adjustment.cashDepositPence >= 0) terms.depositPence = adjustment.cashDepositPence
  return terms
}

/** Fill what a quote call's caller left out (null or undefined) with the quote-call defaults; 0 is kept. */
export function withQuoteDefaults(terms: { readonly termMonths?: number | null; readonly annualDistance?: number | null; readonly depositPence?: Pence | null }): FinanceTerms {
  return {
    termMonths: terms.termMonths ?? QUOTE_CALL_DEFAULTS.termMonths,
    annualDistance: terms.annualDistance ?? QUOTE_CALL_DEFAULTS.annualDistance,
    depositPence: terms.depositPence ?? QUOTE_CALL_DEFAULTS.depositPence,
  }
}

/**
 * What staff are told when a bike offered on finance cannot be identified to a lender: saved as it
 * is, every quote for it would fail with spec §5's raw message. Null when the bike can be quoted, or is not
 * offered on finance.
 */
export function financeIdentityProblem(bike: {
  readonly financeable: boolean | null | undefined
  readonly condition: string | null | undefined
  readonly vrm?: string | null
  readonly capCode?: string | null
}): string | null {
  if (!bike.financeable) return null
  const used = bike.condition === 'used'
  if (assetIdentity({ used, vrm: bike.vrm, capCode: bike.capCode }).ok) return null
  return used
    ? 'A used bike offered on finance needs its registration (VRM) or its CAP code, so lenders can identify it. Enter one, or untick “financeable”.'
    : 'A new bike offered on finance needs its CAP code, so lenders can identify it. Enter the CAP code, or untick “financeable”.'
}
