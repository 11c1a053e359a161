import { describe, expect, it } from 'vitest'
import { combinationState, defaultVariantIndex, findVariant, variantAxes, type VariantLike } from './variant-matrix'

// The seed's Shoei helmet: five sizes in two colours, XS/White and XL/Matt Black sold out.
const sizes = ['XS', 'S', 'M', 'L', 'XL']
const helmet: VariantLike[] = ['Matt Black', 'White'].flatMap((colour) =>
  sizes.map((size) => ({ size, colour, stockQuantity: (size === 'XS' && colour === 'White') || (size === 'XL' && colour === 'Matt Black') ? 0 : 3 })),
)

describe('variant matrix', () => {
  it('lists sizes and colours in the order they first appear', () => {
    expect(variantAxes(helmet)).toEqual({ sizes, colours: ['Matt Black', 'White'] })
    expect(variantAxes([{ size: null, colour: 'Red', stockQuantity: 1 }])).toEqual({ sizes: [], colours: ['Red'] })
  })

  it('tells in-stock, sold-out and missing combinations apart', () => {
    expect(combinationState(helmet, 'M', 'White')).toBe('in-stock')
    expect(combinationState(helmet, 'XS', 'White')).toBe('out-of-stock')
    expect(combinationState(helmet, 'XL', 'Matt Black')).toBe('out-of-stock')
    expect(combinationState(helmet, 'XXL', 'White')).toBe('unavailable')
    expect(combinationState(helmet.slice(0, 5), 'M', 'White')).toBe('unavailable')
  })

  it('finds a variant on a product with one axis only', () => {
    const gloves = [{ size: 'S', stockQuantity: 1 }, { size: 'M', stockQuantity: 0 }]
    expect(findVariant(gloves, 'M', null)).toBe(gloves[1])
  })

  it('opens on the first variant in stock, or the first when all are sold out', () => {
    expect(defaultVariantIndex(helmet)).toBe(0)
    expect(defaultVariantIndex([{ stockQuantity: 0 }, { stockQuantity: 0 }, { stockQuantity: 2 }])).toBe(2)
    expect(defaultVariantIndex([{ stockQuantity: 0 }, { stockQuantity: 0 }])).toBe(0)
    expect(defaultVariantIndex([])).toBe(-1)
  })
})
