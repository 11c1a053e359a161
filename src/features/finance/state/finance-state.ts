// The finance checkout state of spec §3/§4 as a pure reducer; its round trip through browser storage is in
// finance-state-storage.ts.
import type { CatalogueId } from '../../../domain/basket/basket'
import type { Pence } from '../../../domain/money'
import type { IvendiProductQuote } from '../../../adapters/finance/ivendi/types'
import { financePricePence, financeWidgetTerms } from '../../../domain/finance/quote-client-rules'

/** What the finance checkout remembers of a product; prices are VAT-inclusive pence. */
export interface FinanceProductSnapshot {
  readonly productId: CatalogueId
  readonly variantId?: CatalogueId
  readonly slug: string
  readonly name: string
  readonly pricePence: Pence
  /** Spec §9: added to the price before finance is quoted (e.g. on-the-road costs). */
  readonly extraFeePence?: Pence
}

/**
 * A quote as the finance adapter returned it. The state only relies on QuoteUID (the order refers to it);
 * every other field is carried through untouched, so the adapter's full type can be passed straight in.
 */
export type FinanceQuote = Pick<IvendiProductQuote, 'QuoteUID'>

/** An accessory financed with the bike; the variant is the size or colour the customer picked, if any. */
export interface FinanceAccessory {
  readonly product: FinanceProductSnapshot
  readonly variantId: CatalogueId | null
}

export interface FinanceState {
  readonly product: FinanceProductSnapshot | null
  readonly quote: FinanceQuote | null
  /** Keyed by String(productId), so a product is financed once whichever variant was picked last. */
  readonly accessories: Readonly<Record<string, FinanceAccessory>>
  readonly queryAnnualDistance: number
  readonly queryCashDeposit: Pence
  readonly queryTermInMonths: number
  readonly email: string
  readonly phone: string
  /** Order creation: in flight, failed, done (spec §4 "order flags"). */
  readonly isProcessing: boolean
  readonly isError: boolean
  readonly isSuccess: boolean
  readonly isFetchingAccessories: boolean
  readonly isAccessoriesError: boolean
  /** The accessories on offer for the current product, as last fetched. */
  readonly productAccessories: readonly FinanceProductSnapshot[]
  readonly quoteWithAccessories: FinanceQuote | null
  readonly isFetchingQuoteWithAccessories: boolean
  readonly isQuoteWithAccessoriesError: boolean
}

export const INITIAL_FINANCE_STATE: FinanceState = {
  product: null,
  quote: null,
  accessories: {},
  // Spec §9 widget defaults; the deposit depends on a price, so it starts at 0 until a product is set.
  queryAnnualDistance: 3000,
  queryCashDeposit: 0,
  queryTermInMonths: 36,
  email: '',
  phone: '',
  isProcessing: false,
  isError: false,
  isSuccess: false,
  isFetchingAccessories: false,
  isAccessoriesError: false,
  productAccessories: [],
  quoteWithAccessories: null,
  isFetchingQuoteWithAccessories: false,
  isQuoteWithAccessoriesError: false,
}

export interface FinanceTermsInput {
  readonly termInMonths?: number
  readonly annualDistance?: number
  readonly cashDepositPence?: Pence
}

export type FinanceAction =
  | {
      readonly type: 'productSet'
      readonly product: FinanceProductSnapshot
      readonly quote?: FinanceQuote | null
      /** Terms the product page had open (e.g. from a 'Finance Offer'); missing ones take the spec §9 defaults. */
      readonly terms?: FinanceTermsInput
    }
  | { readonly type: 'quoteSet'; readonly quote: FinanceQuote | null }
  | { readonly type: 'termSet'; readonly termInMonths: number }
  | { readonly type: 'cashDepositSet'; readonly cashDepositPence: Pence }
  | { readonly type: 'annualDistanceSet'; readonly annualDistance: number }
  | { readonly type: 'emailSet'; readonly email: string }
  | { readonly type: 'phoneSet'; readonly phone: string }
  | { readonly type: 'accessoryAdded'; readonly product: FinanceProductSnapshot; readonly variantId?: CatalogueId | null }
  | { readonly type: 'accessoryRemoved'; readonly productId: CatalogueId }
  | { readonly type: 'accessoriesRequested' }
  | { readonly type: 'accessoriesReceived'; readonly accessories: readonly FinanceProductSnapshot[] }
  | { readonly type: 'accessoriesFailed' }
  | { readonly type: 'quoteWithAccessoriesRequested' }
  | { readonly type: 'quoteWithAccessoriesReceived'; readonly quote: FinanceQuote }
  | { readonly type: 'quoteWithAccessoriesFailed' }
  | { readonly type: 'orderRequested' }
  | { readonly type: 'orderSucceeded' }
  | { readonly type: 'orderFailed' }
  | { readonly type: 'processFinished' }
  | { readonly type: 'reset' }

const ORDER_FLAGS_CLEAR = { isProcessing: false, isError: false, isSuccess: false } as const

// A quote with accessories prices one exact set of terms and accessories; once either changes it would
// mislead the summary step, so it is dropped and must be requested again.
const QUOTE_WITH_ACCESSORIES_CLEAR = {
  quoteWithAccessories: null,
  isFetchingQuoteWithAccessories: false,
  isQuoteWithAccessoriesError: false,
} as const

function isWholeAtLeast(value: number, min: number): boolean {
  return Number.isSafeInteger(value) && value >= min
}

export function accessoryKey(productId: CatalogueId): string {
  return String(productId)
}

/** Total over every action: a value no form should be able to send (a fractional term, a negative deposit) leaves the state as it was. */
export function financeReducer(state: FinanceState, action: FinanceAction): FinanceState {
  switch (action.type) {
    case 'productSet': {
      const widget = financeWidgetTerms(financePricePence(action.product.pricePence, action.product.extraFeePence))
      const terms = action.terms ?? {}
      return {
        ...state,
        ...ORDER_FLAGS_CLEAR,
        ...QUOTE_WITH_ACCESSORIES_CLEAR,
        product: action.product,
        quote: action.quote ?? null,
        queryTermInMonths: terms.termInMonths !== undefined && isWholeAtLeast(terms.termInMonths, 1) ? terms.termInMonths : widget.termMonths,
        queryAnnualDistance: terms.annualDistance !== undefined && isWholeAtLeast(terms.annualDistance, 0) ? terms.annualDistance : widget.annualDistance,
        queryCashDeposit: terms.cashDepositPence !== undefined && isWholeAtLeast(terms.cashDepositPence, 0) ? terms.cashDepositPence : widget.depositPence,
        email: '',
        phone: '',
      }
    }
    case 'quoteSet':
      return { ...state, quote: action.quote }
    case 'termSet':
      if (!isWholeAtLeast(action.termInMonths, 1)) return state
      return { ...state, ...QUOTE_WITH_ACCESSORIES_CLEAR, queryTermInMonths: action.termInMonths }
    case 'cashDepositSet':
      if (!isWholeAtLeast(action.cashDepositPence, 0)) return state
      return { ...state, ...QUOTE_WITH_ACCESSORIES_CLEAR, queryCashDeposit: action.cashDepositPence }
    case 'annualDistanceSet':
      if (!isWholeAtLeast(action.annualDistance, 0)) return state
      return { ...state, ...QUOTE_WITH_ACCESSORIES_CLEAR, queryAnnualDistance: action.annualDistance }
    case 'emailSet':
      return { ...state, email: action.email }
    case 'phoneSet':
      return { ...state, phone: action.phone }
    case 'accessoryAdded': {
      const accessory: FinanceAccessory = { product: action.product, variantId: action.variantId ?? null }
      return {
        ...state,
        ...QUOTE_WITH_ACCESSORIES_CLEAR,
        accessories: { ...state.accessories, [accessoryKey(action.product.productId)]: accessory },
      }
    }
    case 'accessoryRemoved': {
      const key = accessoryKey(action.productId)
      if (!(key in state.accessories)) return state
      const { [key]: _removed, ...accessories } = state.accessories
      return { ...state, ...QUOTE_WITH_ACCESSORIES_CLEAR, accessories }
    }
    case 'accessoriesRequested':
      return { ...state, isFetchingAccessories: true, isAccessoriesError: false }
    case 'accessoriesReceived':
      return { ...state, isFetchingAccessories: false, isAccessoriesError: false, productAccessories: action.accessories }
    case 'accessoriesFailed':
      // An empty list rather than a stale one, which may belong to the previous bike.
      return { ...state, isFetchingAccessories: false, isAccessoriesError: true, productAccessories: [] }
    case 'quoteWithAccessoriesRequested':
      return { ...state, quoteWithAccessories: null, isFetchingQuoteWithAccessories: true, isQuoteWithAccessoriesError: false }
    case 'quoteWithAccessoriesReceived':
      return { ...state, quoteWithAccessories: action.quote, isFetchingQuoteWithAccessories: false, isQuoteWithAccessoriesError: false }
    case 'quoteWithAccessoriesFailed':
      return { ...state, quoteWithAccessories: null, isFetchingQuoteWithAccessories: false, isQuoteWithAccessoriesError: true }
    case 'orderRequested':
      return { ...state, isProcessing: true, isError: false, isSuccess: false }
    case 'orderSucceeded':
      return { ...state, isProcessing: false, isError: false, isSuccess: true }
    case 'orderFailed':
      return { ...state, isProcessing: false, isError: true, isSuccess: false }
    case 'processFinished':
      return { ...state, ...ORDER_FLAGS_CLEAR }
    case 'reset':
      return INITIAL_FINANCE_STATE
  }
}
