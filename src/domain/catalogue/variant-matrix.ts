// Which size/colour combinations of a variable product exist and are in stock, and which one a page opens on.

export interface VariantLike {
  readonly size?: string | null
  readonly colour?: string | null
  readonly stockQuantity: number
}

/** in-stock: can be bought; out-of-stock: exists but none left; unavailable: the combination is not made. */
export type CombinationState = 'in-stock' | 'out-of-stock' | 'unavailable'

export interface VariantAxes {
  readonly sizes: readonly string[]
  readonly colours: readonly string[]
}

/** The sizes and colours on offer, each in the order it first appears (variants come sorted by position). */
export function variantAxes(variants: readonly VariantLike[]): VariantAxes {
  const sizes: string[] = []
  const colours: string[] = []
  for (const v of variants) {
    if (v.size && !sizes.includes(v.size)) sizes.push(v.size)
    if (v.colour && !colours.includes(v.colour)) colours.push(v.colour)
  }
  return { sizes, colours }
}

/** The variant for a choice; an axis the product does not have (no sizes at all, say) matches anything. */
export function findVariant<V extends VariantLike>(variants: readonly V[], size: string | null, colour: string | null): V | undefined {
  return variants.find((v) => (v.size ?? null) === size && (v.colour ?? null) === colour)
}

export function combinationState(variants: readonly VariantLike[], size: string | null, colour: string | null): CombinationState {
  const variant = findVariant(variants, size, colour)
  if (!variant) return 'unavailable'
  return variant.stockQuantity > 0 ? 'in-stock' : 'out-of-stock'
}

/** The page opens on the first variant in stock, so a visitor without JavaScript reads a buyable price; else the first. */
export function defaultVariantIndex(variants: readonly VariantLike[]): number {
  if (variants.length === 0) return -1
  const inStock = variants.findIndex((v) => v.stockQuantity > 0)
  return inStock === -1 ? 0 : inStock
}
