// The header search's suggestions as the combobox shows them: one flat list in the order the arrow
// keys reach it (products with their price, then brands and categories with how many products each one's page
// lists), what a screen reader is told when they change, and how the active option moves.
import { formatPence } from '../../domain/money'
import type { SuggestedProduct, Suggestions } from './suggest.server'

export type SuggestionGroup = 'products' | 'brands' | 'categories'

export const GROUP_LABELS: Record<SuggestionGroup, string> = { products: 'Products', brands: 'Brands', categories: 'Categories' }

export interface SuggestionOption {
  group: SuggestionGroup
  label: string
  /** the price of a product; the number of products a brand's or category's page lists */
  detail: string
  url: string
  image: { url: string; alt: string } | null
}

/** At least this many characters before suggestions are asked for (one letter matches too much to help). */
export const MIN_SUGGEST_LENGTH = 2

export function productDetail(p: Pick<SuggestedProduct, 'pricePence' | 'fromPrice' | 'inStock'>): string {
  const price = p.pricePence === null ? 'Price on application' : `${p.fromPrice ? 'From ' : ''}${formatPence(p.pricePence)}`
  return p.inStock ? price : `${price}, sold out`
}

export function countDetail(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`
}

export function suggestionOptions(s: Pick<Suggestions, 'products' | 'brands' | 'categories'>): SuggestionOption[] {
  return [
    ...s.products.map((p) => ({ group: 'products' as const, label: p.name, detail: productDetail(p), url: p.url, image: p.image })),
    ...s.brands.map((b) => ({ group: 'brands' as const, label: b.name, detail: countDetail(b.count), url: b.url, image: null })),
    ...s.categories.map((c) => ({ group: 'categories' as const, label: c.name, detail: countDetail(c.count), url: c.url, image: null })),
  ]
}

/** The options of each group with their place in the flat list, for rendering one listbox group per kind. */
export function groupOptions(options: readonly SuggestionOption[]): { group: SuggestionGroup; options: { option: SuggestionOption; index: number }[] }[] {
  return (Object.keys(GROUP_LABELS) as SuggestionGroup[])
    .map((group) => ({ group, options: options.flatMap((option, index) => (option.group === group ? [{ option, index }] : [])) }))
    .filter((g) => g.options.length > 0)
}

/**
 * The active option after an arrow key, -1 meaning none (the text box itself). Down from none or the last goes to
 * the first, up from none or the first to the last (the APG combobox's wrapping).
 */
export function moveActive(active: number, direction: 'next' | 'previous', count: number): number {
  if (count === 0) return -1
  if (direction === 'next') return active < 0 || active >= count - 1 ? 0 : active + 1
  return active <= 0 || active > count - 1 ? count - 1 : active - 1
}

/** What the polite live region says when the suggestions change. */
export function announcement(count: number): string {
  if (count === 0) return 'No suggestions.'
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`
}
