// The basket kept on a signed-in customer's account (users.savedBasket): ids and counts only, never prices.
import { z } from '../../lib/zod'
import { basketLineInput, MAX_BASKET_LINES } from './basket-request'

/** PUT /api/basket/saved; an empty list clears the saved basket. */
export const savedBasketRequest = z
  .object({ lines: z.array(basketLineInput).max(MAX_BASKET_LINES, `a basket holds at most ${MAX_BASKET_LINES} lines`) })
  .strict()

/** One saved line as it is stored and answered. */
export interface SavedLine {
  readonly productId: number
  readonly variantId: number | null
  readonly count: number
}

/** What is stored on the user, read back defensively: lines that no longer parse are dropped. */
export function savedLinesFrom(value: unknown): SavedLine[] {
  const lines = value && typeof value === 'object' && Array.isArray((value as { lines?: unknown }).lines) ? (value as { lines: unknown[] }).lines : []
  return lines.flatMap((l) => {
    const parsed = basketLineInput.safeParse(l)
    return parsed.success ? [{ productId: parsed.data.productId, variantId: parsed.data.variantId ?? null, count: parsed.data.count }] : []
  }).slice(0, MAX_BASKET_LINES)
}
