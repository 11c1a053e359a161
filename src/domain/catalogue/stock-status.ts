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
