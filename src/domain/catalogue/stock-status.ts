// The stock line a customer reads on the product page.

/** At or below this many units the page says how many are left, so a buyer knows to be quick. */
export const LOW_STOCK_THRESHOLD = 3

export type StockLevel = 'in-stock' | 'low' | 'out-of-stock'

export function stockStatus(quantity: number | null | undefined): { level: StockLevel; label: string } {
  const units = typeof quantity === 'number' && Number.isFinite(quantity) ? Math.max(0, Math.floor(quantity)) : 0
  if (units === 0) return { level: 'out-of-stock', label: 'Out of stock' }
  if (units <= LOW_STOCK_THRESHOLD) return { level: 'low', label: `Only ${units} left` }
  return { level: 'in-stock', label: 'In stock' }
}

/**
 * Pages never show or pass on more stock than this. It is the most a basket line may hold (MAX_LINE_COUNT
 * of the basket request), so a browser needs no more. Above it, a sale changes nothing a page shows, so
 * selling a well-stocked product leaves cached pages alone on a busy day.
 */
export const SHOWN_STOCK_CAP = 99

/** The stock figure a page shows or hands to the browser: whole units, 0 to SHOWN_STOCK_CAP. */
export function shownStock(quantity: number | null | undefined): number {
  const units = typeof quantity === 'number' && Number.isFinite(quantity) ? Math.max(0, Math.floor(quantity)) : 0
  return Math.min(units, SHOWN_STOCK_CAP)
}

/**
 * Whether a sale that left `remaining` units (read after it was committed) may have changed what the pages
 * of its product show. Sales only take stock away, so if `remaining` is still at or above the cap, so was
 * every figure before it, and every page shows the same. Anything that puts stock back (a release, a
 * refund, a staff edit) makes its pages stale on its own. An unknown figure counts as a change.
 */
export function saleChangesPages(remaining: number | null | undefined): boolean {
  return shownStock(remaining) < SHOWN_STOCK_CAP
}
