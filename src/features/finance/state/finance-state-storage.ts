// The finance state in browser storage (spec §4): serialised with a version, restored field by field, never
// trusting what it reads. Written as plain checks rather than zod: the finance steps read storage right after the
// page loads, and zod was 90 KB gzip of script to fetch and evaluate for it. The test keeps the zod schema this
// replaces and checks, over arbitrary JSON, that both give the same answer.
import { accessoryKey, INITIAL_FINANCE_STATE, type FinanceAccessory, type FinanceProductSnapshot, type FinanceQuote, type FinanceState } from './finance-state'
import { isCount, isObject, isText } from '../../../lib/json-checks'

/** Bumped when the stored shape changes incompatibly; an unknown version restores the initial state. */
export const FINANCE_STATE_VERSION = 1

const isId = (value: unknown): value is string | number => isText(value, 100, 1) || (isCount(value) && value >= 0)
const isPence = (value: unknown): value is number => isCount(value) && value >= 0
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean'

/** A product with only the fields the state keeps, or null when one is missing or wrong. */
function parseProduct(value: unknown): FinanceProductSnapshot | null {
  if (!isObject(value)) return null
  const { productId, variantId, slug, name, pricePence, extraFeePence } = value
  if (!isId(productId) || (variantId !== undefined && !isId(variantId))) return null
  if (!isText(slug, 300) || !isText(name, 300) || !isPence(pricePence)) return null
  if (extraFeePence !== undefined && !isPence(extraFeePence)) return null
  return { productId, ...(variantId !== undefined && { variantId }), slug, name, pricePence, ...(extraFeePence !== undefined && { extraFeePence }) }
}

function parseAccessory(value: unknown): FinanceAccessory | null {
  if (!isObject(value)) return null
  const product = parseProduct(value.product)
  if (!product) return null
  return { product, variantId: isId(value.variantId) ? value.variantId : null }
}

/** Only QuoteUID is checked; the rest of the adapter's quote is kept as it was stored. */
const parseQuote = (value: unknown): FinanceQuote | null => (isObject(value) && isText(value.QuoteUID, 200, 1) ? ({ ...value } as FinanceQuote) : null)

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
  if (!isObject(value) || value.version !== FINANCE_STATE_VERSION || !isObject(value.state)) return INITIAL_FINANCE_STATE
  // Field by field with a fallback, so one bad or missing field costs that field, not the whole checkout.
  const state = value.state
  const initial = INITIAL_FINANCE_STATE
  const text = (field: unknown, max: number) => (isText(field, max) ? field : '')
  const flag = (field: unknown) => (isFlag(field) ? field : false)
  const stored = {
    product: parseProduct(state.product),
    quote: parseQuote(state.quote),
    queryAnnualDistance: isCount(state.queryAnnualDistance) && state.queryAnnualDistance >= 0 ? state.queryAnnualDistance : initial.queryAnnualDistance,
    queryCashDeposit: isPence(state.queryCashDeposit) ? state.queryCashDeposit : initial.queryCashDeposit,
    queryTermInMonths: isCount(state.queryTermInMonths) && state.queryTermInMonths > 0 ? state.queryTermInMonths : initial.queryTermInMonths,
    email: text(state.email, 320),
    phone: text(state.phone, 50),
    isError: flag(state.isError),
    isSuccess: flag(state.isSuccess),
    isAccessoriesError: flag(state.isAccessoriesError),
    quoteWithAccessories: parseQuote(state.quoteWithAccessories),
    isQuoteWithAccessoriesError: flag(state.isQuoteWithAccessoriesError),
  }

  const accessories: Record<string, FinanceAccessory> = {}
  for (const entry of isObject(state.accessories) ? Object.values(state.accessories) : []) {
    const accessory = parseAccessory(entry)
    // The key is recomputed, never trusted, so it always matches the product it holds.
    if (accessory) accessories[accessoryKey(accessory.product.productId)] = accessory
  }
  const listed = Array.isArray(state.productAccessories) && state.productAccessories.length <= 500 ? (state.productAccessories as unknown[]) : []
  const productAccessories = listed.flatMap((entry) => {
    const product = parseProduct(entry)
    return product ? [product] : []
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
