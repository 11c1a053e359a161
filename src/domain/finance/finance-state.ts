// The finance checkout state of spec §3/§4 as a pure reducer, plus its round trip through browser storage.
import { z } from 'zod'
import type { CatalogueId } from '../basket/basket'
import type { Pence } from '../money'
import type { IvendiProductQuote } from './ivendi-types'
import { financePricePence, financeWidgetTerms } from './quote-client-rules'

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

// ---- Persistence ----

/** Bumped when the stored shape changes incompatibly; an unknown version restores the initial state. */
export const FINANCE_STATE_VERSION = 1

const idSchema = z.union([z.string().min(1).max(100), z.number().int().nonnegative()])
const penceSchema = z.number().int().nonnegative()

const productSchema = z.object({
  productId: idSchema,
  variantId: idSchema.optional(),
  slug: z.string().max(300),
  name: z.string().max(300),
  pricePence: penceSchema,
  extraFeePence: penceSchema.optional(),
})

const accessorySchema = z.object({ product: productSchema, variantId: idSchema.nullable().catch(null) })

// Only QuoteUID is checked; the rest of the adapter's quote is kept as it was stored.
const quoteSchema = z.looseObject({ QuoteUID: z.string().min(1).max(200) })

// Field by field with a fallback, so one bad or missing field costs that field, not the whole checkout.
const storedStateSchema = z.object({
  product: productSchema.nullable().catch(null),
  quote: quoteSchema.nullable().catch(null),
  accessories: z.record(z.string(), z.unknown()).catch({}),
  queryAnnualDistance: z.number().int().nonnegative().catch(INITIAL_FINANCE_STATE.queryAnnualDistance),
  queryCashDeposit: penceSchema.catch(INITIAL_FINANCE_STATE.queryCashDeposit),
  queryTermInMonths: z.number().int().positive().catch(INITIAL_FINANCE_STATE.queryTermInMonths),
  email: z.string().max(320).catch(''),
  phone: z.string().max(50).catch(''),
  isError: z.boolean().catch(false),
  isSuccess: z.boolean().catch(false),
  isAccessoriesError: z.boolean().catch(false),
  productAccessories: z.array(z.unknown()).max(500).catch([]),
  quoteWithAccessories: quoteSchema.nullable().catch(null),
  isQuoteWithAccessoriesError: z.boolean().catch(false),
})

const envelopeSchema = z.object({ version: z.literal(FINANCE_STATE_VERSION), state: z.record(z.string(), z.unknown()) })

/**
 * The state as a string for browser storage. Requests in flight are not stored: after a reload nothing
 * is waiting for their answer, so restoring them as running would leave a spinner forever.
 */
export function serialiseFinanceState(state: FinanceState): string {
  const { isProcessing: _p, isFetchingAccessories: _a, isFetchingQuoteWithAccessories: _q, ...stored } = state
  return JSON.stringify({ version: FINANCE_STATE_VERSION, state: stored })
}

/**
 * The state back from storage: the serialised string or its parsed JSON. Never throws; anything
 * unreadable falls back to the initial state, field by field where the envelope itself is sound.
 */
export function restoreFinanceState(raw: unknown): FinanceState {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown
    } catch {
      return INITIAL_FINANCE_STATE
    }
  }
  const envelope = envelopeSchema.safeParse(value)
  if (!envelope.success) return INITIAL_FINANCE_STATE
  const parsed = storedStateSchema.safeParse(envelope.data.state)
  if (!parsed.success) return INITIAL_FINANCE_STATE
  const stored = parsed.data

  const accessories: Record<string, FinanceAccessory> = {}
  for (const entry of Object.values(stored.accessories)) {
    const result = accessorySchema.safeParse(entry)
    // The key is recomputed, never trusted, so it always matches the product it holds.
    if (result.success) accessories[accessoryKey(result.data.product.productId)] = result.data
  }
  const productAccessories = stored.productAccessories.flatMap((entry) => {
    const result = productSchema.safeParse(entry)
    return result.success ? [result.data] : []
  })
  // Quotes price a product; without one they cannot be shown or ordered.
  const hasProduct = stored.product !== null

  return {
    ...INITIAL_FINANCE_STATE,
    ...stored,
    quote: hasProduct ? stored.quote : null,
    quoteWithAccessories: hasProduct ? stored.quoteWithAccessories : null,
    accessories,
    productAccessories,
  }
}
