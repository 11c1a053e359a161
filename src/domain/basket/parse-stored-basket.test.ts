import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addCoupon, submitCoupon } from '../coupons/coupon'
import { addToBasket, EMPTY_BASKET, itemIdFor, type Basket, type ProductSnapshot } from './basket'
import { parseStoredBasket } from './parse-stored-basket'
import { z } from '../../lib/zod'

const helmet: ProductSnapshot = { productId: 1, name: 'Trail helmet', sku: 'HEL-1', pricePence: 12000, vatRatePercent: 20, stockQuantity: 5, slug: 'trail-helmet' }
const gloves: ProductSnapshot = { ...helmet, productId: 'g-7', variantId: 3, name: 'Gloves', sku: 'GLV-M', pricePence: 2999, image: { url: '/media/gloves.jpg', alt: 'Black gloves' } }

function basketOf(...products: ProductSnapshot[]): Basket {
  return products.reduce<Basket>((b, p) => {
    const r = addToBasket(b, p, 2)
    if (!r.ok) throw new Error('arrange')
    return r.basket
  }, EMPTY_BASKET)
}

const roundTrip = (basket: Basket) => parseStoredBasket(JSON.parse(JSON.stringify(basket)))

describe('parseStoredBasket', () => {
  it('reads back a basket it stored', () => {
    const basket = basketOf(helmet, gloves)
    expect(roundTrip(basket)).toEqual(basket)
  })

  it('rejects what is not a basket at all', () => {
    for (const value of [null, undefined, 'basket', 42, [], { items: 'x' }]) expect(parseStoredBasket(value)).toBeNull()
  })

  it('drops only the lines that do not parse, and duplicates of a line', () => {
    const stored = JSON.parse(JSON.stringify(basketOf(helmet, gloves)))
    stored.items.push(stored.items[0])
    stored.items.unshift({ product: { ...helmet, productId: 9, pricePence: null }, count: 1 }, { product: helmet, count: 0 }, 'junk')
    expect(parseStoredBasket(stored)?.items.map((i) => i.itemId)).toEqual(['1', 'g-7:3'])
  })

  it('recomputes derived fields instead of trusting them', () => {
    const stored = JSON.parse(JSON.stringify(basketOf(helmet)))
    stored.items[0].itemId = 'evil'
    stored.items[0].updatedStock = 1000
    delete stored.items[0].addedItemCount
    expect(parseStoredBasket(stored)?.items[0]).toMatchObject({ itemId: '1', updatedStock: 3, addedItemCount: 0 })
  })

  it('brings an applied coupon back only as an entered code, so an edited amount is never a discount', () => {
    const applied = submitCoupon(addCoupon(null, 'summer'), { code: 'SUMMER', discountType: 'percent', amount: 10 }, { subtotalPence: 0, now: new Date(), usedCount: 0 })
    const stored = JSON.parse(JSON.stringify({ ...basketOf(helmet), couponCode: applied }))
    stored.couponCode.amount = 100
    expect(parseStoredBasket(stored)?.couponCode).toEqual({ status: 'entered', code: 'SUMMER', amount: 0, discount_type: null, valid: false })
    expect(parseStoredBasket({ items: [], couponCode: { nope: true } })?.couponCode).toBeNull()
  })

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseStoredBasket(value)
        if (result) for (const item of result.items) expect(item.count).toBeGreaterThan(0)
      }),
    )
  })

  describe('accepts and produces exactly what the zod schema it replaced did', () => {
    // The schema parseStoredBasket used until ADR 018, kept here as the reference.
    const id = z.union([z.string().min(1).max(100), z.number().int().nonnegative()])
    const productSchema = z.object({
      productId: id,
      variantId: id.optional(),
      name: z.string().max(300),
      sku: z.string().max(100),
      pricePence: z.number().int().nonnegative(),
      vatRatePercent: z.number().min(0).max(100),
      stockQuantity: z.number().int(),
      slug: z.string().max(300),
      image: z.object({ url: z.string().max(2000), alt: z.string().max(300) }).optional(),
    })
    const itemSchema = z.object({ product: productSchema, count: z.number().int().positive(), addedItemCount: z.number().int().nonnegative().catch(0) })
    const basketSchema = z.object({ items: z.array(z.unknown()).max(200), couponCode: z.unknown().optional() })
    function reference(value: unknown): Basket | null {
      const parsed = basketSchema.safeParse(value)
      if (!parsed.success) return null
      const items: Basket['items'][number][] = []
      for (const raw of parsed.data.items) {
        const result = itemSchema.safeParse(raw)
        if (!result.success) continue
        const product = result.data.product
        const itemId = itemIdFor(product)
        if (items.some((i) => i.itemId === itemId)) continue
        items.push({ itemId, product, count: result.data.count, updatedStock: product.stockQuantity - result.data.count, addedItemCount: result.data.addedItemCount })
      }
      const coupon = z.object({ code: z.string().max(100) }).safeParse(parsed.data.couponCode)
      return { items, couponCode: coupon.success ? addCoupon(null, coupon.data.code) : null }
    }

    // Each field's values at and just past the edges of its rule, and values of the wrong kind.
    const big = 2 ** 53
    const edges: Record<string, unknown[]> = {
      productId: ['', 'p', 'x'.repeat(100), 'x'.repeat(101), 0, -0, 7, -1, 1.5, big, big - 1, null, true, [], {}],
      variantId: [undefined, '', 'v', 'x'.repeat(101), 0, 3, -1, 2.5, null, {}],
      name: ['', 'Gloves', 'x'.repeat(300), 'x'.repeat(301), 1, null],
      sku: ['', 'x'.repeat(100), 'x'.repeat(101), null, 5],
      pricePence: [0, -0, 2999, -1, 1.5, big, big - 1, 1e300, '1', null],
      vatRatePercent: [0, -0, 20, 20.5, 100, 100.5, -0.1, 1e300, '20', null],
      stockQuantity: [0, 5, -5, 1.5, big, -(big - 1), null, '3'],
      slug: ['', 'x'.repeat(300), 'x'.repeat(301), null],
      image: [undefined, null, {}, [], { url: 'u', alt: 'a' }, { url: 'x'.repeat(2000), alt: 'x'.repeat(300) }, { url: 'x'.repeat(2001), alt: '' }, { url: 'u', alt: 'x'.repeat(301) }, { url: 'u' }, { url: 1, alt: 'a' }, { url: 'u', alt: 'a', extra: 1 }],
      count: [1, 2, 0, -0, -1, 1.5, big, big - 1, '1', null, undefined],
      addedItemCount: [undefined, 0, 2, -1, 1.5, big, null, '2'],
      couponCode: [undefined, null, {}, { code: '' }, { code: 'summer' }, { code: 'x'.repeat(100) }, { code: 'x'.repeat(101) }, { code: 5 }, 'SUMMER', []],
    }
    const base = { productId: 'g-7', variantId: 3, name: 'Gloves', sku: 'GLV-M', pricePence: 2999, vatRatePercent: 20, stockQuantity: 5, slug: 'gloves', image: { url: '/g.jpg', alt: 'Gloves' } }
    const LINE = new Set(['count', 'addedItemCount'])
    function storedWith(changes: Record<string, unknown>) {
      const product: Record<string, unknown> = { ...base, extra: 'dropped' }
      const item: Record<string, unknown> = { product, count: 2, addedItemCount: 1, itemId: 'evil', updatedStock: 99 }
      const basket: Record<string, unknown> = { items: [item, { product: helmet, count: 1 }] }
      for (const [field, value] of Object.entries(changes)) {
        const target = field === 'couponCode' ? basket : LINE.has(field) ? item : product
        if (value === undefined) delete target[field]
        else target[field] = value
      }
      return basket
    }

    it('on every edge of every field, one at a time', () => {
      for (const [field, values] of Object.entries(edges)) {
        for (const value of values) {
          const stored = storedWith({ [field]: value })
          expect(parseStoredBasket(stored), `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).toEqual(reference(stored))
        }
      }
    })

    it('on random mixes of those edges', () => {
      const change = fc.record(Object.fromEntries(Object.entries(edges).map(([field, values]) => [field, fc.constantFrom(...values)])), { requiredKeys: [] })
      fc.assert(
        fc.property(change, (changes) => {
          const stored = storedWith(changes)
          expect(parseStoredBasket(stored)).toEqual(reference(stored))
        }),
        { numRuns: 2000 },
      )
    })

    it('on arbitrary JSON', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          expect(parseStoredBasket(value)).toEqual(reference(value))
        }),
        { numRuns: 1000 },
      )
    })

    it('on a list of more than 200 lines (refused whole)', () => {
      const many = { items: Array.from({ length: 201 }, () => ({ product: helmet, count: 1 })) }
      expect(parseStoredBasket(many)).toBeNull()
      expect(reference(many)).toBeNull()
    })
  })
})
