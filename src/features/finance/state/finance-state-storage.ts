// The finance state in browser storage (spec §4): serialised with a version, restored field by field, never
// trusting what it reads. Apart from the reducer so that pages load zod only when they read or write storage.
import { z } from '../../../lib/zod'
import { accessoryKey, INITIAL_FINANCE_STATE, type FinanceAccessory, type FinanceState } from './finance-state'

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
