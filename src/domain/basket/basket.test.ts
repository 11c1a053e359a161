import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addCoupon, submitCoupon, UNSUPPORTED_DISCOUNT_TYPE_MESSAGE, type CouponCodeState } from '../coupons/coupon'
import {
  addToBasket,
  basketSubtotalPence,
  basketTotals,
  basketUnitCount,
  canIncrement,
  decrementItem,
  EMPTY_BASKET,
  findItem,
  incrementItem,
  itemIdFor,
  reconcileBasket,
  removeItem,
  resetBasket,
  setItemCount,
  type Basket,
  type ProductSnapshot,
} from './basket'

function product(overrides: Partial<ProductSnapshot> = {}): ProductSnapshot {
  return {
    productId: 1,
    name: 'Trail helmet',
    sku: 'HEL-1',
    pricePence: 12000,
    vatRatePercent: 20,
    stockQuantity: 5,
    slug: 'trail-helmet',
    ...overrides,
  }
}

/** Adds and fails the test if the add was refused, for arranging baskets. */
function added(basket: Basket, p: ProductSnapshot, count = 1): Basket {
  const result = addToBasket(basket, p, count)
  if (!result.ok) throw new Error(`arrange: add refused (${result.reason})`)
  return result.basket
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

const helmet = product()
const jacket = product({ productId: 2, name: 'Waxed jacket', sku: 'JKT-M', variantId: 21, pricePence: 19999, stockQuantity: 2, slug: 'waxed-jacket' })
const kidsHelmet = product({ productId: 3, name: 'Kids helmet', sku: 'KID-1', pricePence: 3000, vatRatePercent: 0, stockQuantity: 10, slug: 'kids-helmet' })

describe('item ids', () => {
  it('is the product id, or product and variant id for a variant', () => {
    expect(itemIdFor({ productId: 7 })).toBe('7')
    expect(itemIdFor({ productId: 7, variantId: 3 })).toBe('7:3')
    expect(itemIdFor({ productId: 'abc', variantId: 'x' })).toBe('abc:x')
  })
})

describe('addToBasket', () => {
  it('creates a line with count, remaining stock and the added count', () => {
    const result = addToBasket(EMPTY_BASKET, helmet, 2)
    expect(result).toMatchObject({ ok: true, addedCount: 2, limitedByStock: false })
    if (!result.ok) return
    expect(result.basket.items).toEqual([{ itemId: '1', product: helmet, count: 2, updatedStock: 3, addedItemCount: 2 }])
  })

  it('raises the count of an existing line instead of adding a second one', () => {
    const basket = added(added(EMPTY_BASKET, helmet), helmet, 2)
    expect(basket.items).toHaveLength(1)
    expect(findItem(basket, '1')).toMatchObject({ count: 3, updatedStock: 2, addedItemCount: 2 })
  })

  it('keeps variants of one product on separate lines', () => {
    const small = { ...jacket, variantId: 20, sku: 'JKT-S' }
    const basket = added(added(EMPTY_BASKET, jacket), small)
    expect(basket.items.map((i) => i.itemId)).toEqual(['2:21', '2:20'])
  })

  it('caps the count at stock and says so', () => {
    const result = addToBasket(added(EMPTY_BASKET, jacket), jacket, 5)
    expect(result).toMatchObject({ ok: true, addedCount: 1, limitedByStock: true })
    if (result.ok) expect(result.item).toMatchObject({ count: 2, updatedStock: 0 })
  })

  it('refuses a product with no price without throwing, leaving the basket as it was', () => {
    const start = added(EMPTY_BASKET, helmet)
    const result = addToBasket(start, product({ productId: 9, name: 'Classic 500', pricePence: null }))
    expect(result).toMatchObject({ ok: false, reason: 'no_price', message: 'Classic 500 has no online price. Please contact us for a price.' })
    expect(result.basket).toBe(start)
  })

  it('refuses a product priced 0 as having no price: nothing is sold for nothing', () => {
    const result = addToBasket(EMPTY_BASKET, product({ productId: 9, name: 'Classic 500', pricePence: 0 }))
    expect(result).toMatchObject({ ok: false, reason: 'no_price', message: 'Classic 500 has no online price. Please contact us for a price.' })
  })

  it('refuses when nothing is left in stock', () => {
    expect(addToBasket(EMPTY_BASKET, product({ stockQuantity: 0 }))).toMatchObject({ ok: false, reason: 'out_of_stock', message: 'Trail helmet is out of stock.' })
    expect(addToBasket(EMPTY_BASKET, product({ stockQuantity: -3 }))).toMatchObject({ ok: false, reason: 'out_of_stock' })
    const full = added(EMPTY_BASKET, jacket, 2)
    expect(addToBasket(full, jacket)).toMatchObject({ ok: false, reason: 'out_of_stock', message: 'You already have all 2 of Waxed jacket we have in stock.' })
  })

  it('refuses a count that is not a whole number of one or more', () => {
    for (const count of [0, -1, 1.5, Number.NaN]) {
      expect(addToBasket(EMPTY_BASKET, helmet, count)).toMatchObject({ ok: false, reason: 'invalid_count' })
    }
  })

  it('refreshes the snapshot of an existing line with the one just added', () => {
    const basket = added(added(EMPTY_BASKET, helmet), { ...helmet, pricePence: 11000, stockQuantity: 8 })
    expect(findItem(basket, '1')).toMatchObject({ count: 2, updatedStock: 6, product: { pricePence: 11000 } })
  })
})

describe('counts', () => {
  const start = deepFreeze(added(added(EMPTY_BASKET, helmet, 2), jacket, 2))

  it('setting a count of 0 or less removes the line', () => {
    expect(setItemCount(start, '1', 0).items.map((i) => i.itemId)).toEqual(['2:21'])
    expect(setItemCount(start, '1', -4).items.map((i) => i.itemId)).toEqual(['2:21'])
  })

  it('setting a count keeps it within stock and updates remaining stock', () => {
    expect(findItem(setItemCount(start, '1', 4), '1')).toMatchObject({ count: 4, updatedStock: 1 })
    expect(findItem(setItemCount(start, '1', 99), '1')).toMatchObject({ count: 5, updatedStock: 0 })
    expect(setItemCount(start, 'missing', 3)).toBe(start)
  })

  it('plus raises the count while within stock and lowers remaining stock', () => {
    const once = incrementItem(start, '1')
    expect(findItem(once, '1')).toMatchObject({ count: 3, updatedStock: 2, addedItemCount: 1 })
    expect(canIncrement(start, '1')).toBe(true)
    expect(canIncrement(start, '2:21')).toBe(false)
    expect(incrementItem(start, '2:21')).toBe(start)
    expect(incrementItem(start, 'missing')).toBe(start)
  })

  it('minus lowers the count and removes the line at 0', () => {
    const once = decrementItem(start, '1')
    expect(findItem(once, '1')).toMatchObject({ count: 1, updatedStock: 4 })
    expect(findItem(decrementItem(once, '1'), '1')).toBeUndefined()
    expect(decrementItem(start, 'missing')).toBe(start)
  })

  it('reset empties the basket and its coupon', () => {
    const withCoupon: Basket = { ...start, couponCode: addCoupon(null, 'TENOFF') }
    expect(resetBasket(withCoupon)).toEqual({ items: [], couponCode: null })
  })

  it('never changes the basket it was given (the start value is frozen)', () => {
    expect(() => {
      incrementItem(start, '1')
      decrementItem(start, '1')
      setItemCount(start, '1', 3)
      removeItem(start, '1')
      addToBasket(start, helmet)
    }).not.toThrow()
    expect(basketUnitCount(start)).toBe(4)
  })
})

const applied = (code: string, definition: Parameters<typeof submitCoupon>[1], subtotalPence: number): CouponCodeState =>
  submitCoupon(addCoupon(null, code), definition, { subtotalPence, now: new Date('2025-01-01'), usedCount: 0 })

describe('basketTotals', () => {
  it('is all zero for an empty basket', () => {
    expect(basketTotals(EMPTY_BASKET)).toEqual({ subtotalPence: 0, discountPence: 0, shippingPence: 0, vatPence: 0, vatBreakdown: [], totalPence: 0, discountProblem: null })
  })

  it('adds lines and works out VAT per line at its own rate', () => {
    // 2 × £120 at 20% (VAT £40) + 3 × £30 zero-rated
    const basket = added(added(EMPTY_BASKET, helmet, 2), kidsHelmet, 3)
    const vatBreakdown = [{ treatment: 'standard', ratePercent: 20, grossPence: 24000, netPence: 20000, vatPence: 4000 }, { treatment: 'zero', ratePercent: 0, grossPence: 9000, netPence: 9000, vatPence: 0 }]
    expect(basketTotals(basket)).toEqual({ subtotalPence: 33000, discountPence: 0, shippingPence: 0, vatPence: 4000, vatBreakdown, totalPence: 33000, discountProblem: null })
  })

  it('takes a fixed_cart coupon off and shares it across lines for VAT', () => {
    const basket: Basket = { ...added(added(EMPTY_BASKET, helmet, 2), kidsHelmet, 3), couponCode: applied('TEN', { code: 'TEN', discountType: 'fixed_cart', amount: 3300 }, 33000) }
    // £33 off £330 is 10%: the helmets pay £216 (VAT £36), the zero-rated kids helmets £81.
    expect(basketTotals(basket)).toMatchObject({ subtotalPence: 33000, discountPence: 3300, vatPence: 3600, totalPence: 29700 })
  })

  it('takes a percent coupon off the subtotal', () => {
    const basket: Basket = { ...added(EMPTY_BASKET, jacket), couponCode: applied('P', { code: 'P', discountType: 'percent', amount: 15 }, 19999) }
    // 15% of £199.99 is £29.9985
    expect(basketTotals(basket)).toMatchObject({ discountPence: 3000, totalPence: 16999, vatPence: 2833 })
  })

  it('never lets a large fixed coupon take the total below zero, but still charges shipping', () => {
    const basket: Basket = { ...added(EMPTY_BASKET, kidsHelmet), couponCode: applied('BIG', { code: 'BIG', discountType: 'fixed_cart', amount: 100000 }, 3000) }
    expect(basketTotals(basket, { feePence: 4900, vatRatePercent: 20 })).toMatchObject({
      subtotalPence: 3000,
      discountPence: 3000,
      shippingPence: 4900,
      vatPence: 817,
      totalPence: 4900,
    })
  })

  it('reports a fixed_product coupon for the caller to log and gives no discount', () => {
    const basket: Basket = { ...added(EMPTY_BASKET, helmet), couponCode: { status: 'applied', code: 'P', amount: 500, discount_type: 'fixed_product', valid: true } }
    expect(basketTotals(basket)).toMatchObject({
      discountPence: 0,
      totalPence: 12000,
      discountProblem: { reason: 'unsupported_discount_type', logMessage: UNSUPPORTED_DISCOUNT_TYPE_MESSAGE },
    })
  })
})

describe('reconcileBasket', () => {
  const stored = deepFreeze(added(added(added(EMPTY_BASKET, helmet, 3), jacket, 2), kidsHelmet))

  it('changes nothing and reports nothing when the server agrees', () => {
    const result = reconcileBasket(stored, [helmet, jacket, kidsHelmet])
    expect(result.problems).toEqual([])
    expect(result.basket.items.map((i) => [i.itemId, i.count, i.updatedStock])).toEqual([
      ['1', 3, 2],
      ['2:21', 2, 0],
      ['3', 1, 9],
    ])
  })

  it('applies new prices and stock and reports each line problem', () => {
    const result = reconcileBasket(stored, [
      { ...helmet, pricePence: 13500, stockQuantity: 2 },
      { ...jacket, stockQuantity: 0 },
    ])
    expect(result.problems).toEqual([
      {
        kind: 'price_changed',
        itemId: '1',
        name: 'Trail helmet',
        fromPence: 12000,
        toPence: 13500,
        message: 'The price of Trail helmet has changed from £120 to £135.',
      },
      { kind: 'count_reduced', itemId: '1', name: 'Trail helmet', from: 3, to: 2, message: 'Only 2 of Trail helmet are in stock, so your basket now has 2.' },
      { kind: 'out_of_stock', itemId: '2:21', name: 'Waxed jacket', message: 'Waxed jacket is now out of stock and has been removed from your basket.' },
      { kind: 'product_gone', itemId: '3', name: 'Kids helmet', message: 'Kids helmet is no longer available and has been removed from your basket.' },
    ])
    expect(result.basket.items).toEqual([
      { itemId: '1', product: { ...helmet, pricePence: 13500, stockQuantity: 2 }, count: 2, updatedStock: 0, addedItemCount: 3 },
    ])
    expect(basketSubtotalPence(result.basket)).toBe(27000)
  })

  it('removes a line whose price became 0 (or empty) and says it has no online price', () => {
    const result = reconcileBasket(stored, [{ ...helmet, pricePence: 0 }, jacket])
    expect(result.problems).toContainEqual({ kind: 'product_gone', itemId: '1', name: 'Trail helmet', message: 'Trail helmet no longer has an online price and has been removed from your basket. Please contact us for a price.' })
    expect(result.basket.items.map((i) => i.itemId)).toEqual(['2:21'])
  })

  it('treats a product that lost its price as gone', () => {
    const result = reconcileBasket(stored, [helmet, jacket, { ...kidsHelmet, pricePence: null }])
    expect(result.problems).toMatchObject([{ kind: 'product_gone', itemId: '3' }])
    expect(result.basket.items.map((i) => i.itemId)).toEqual(['1', '2:21'])
  })

  it('keeps the coupon for the caller to submit again', () => {
    const withCoupon: Basket = { ...stored, couponCode: addCoupon(null, 'TENOFF') }
    expect(reconcileBasket(withCoupon, []).basket.couponCode).toEqual(withCoupon.couponCode)
  })
})

/*
 * Properties. Commands run against a small catalogue so lines collide, stock runs out and
 * variants share a product id; every intermediate basket is frozen so any mutation throws.
 */

const productArb = (productId: number, variantId: number | undefined): fc.Arbitrary<ProductSnapshot> =>
  fc.record({
    pricePence: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 2_000_000 }) }, { weight: 1, arbitrary: fc.constant(null) }),
    vatRatePercent: fc.constantFrom(0, 5, 20),
    stockQuantity: fc.integer({ min: -2, max: 6 }),
  }).map((r) => product({ ...r, productId, variantId, name: `P${productId}`, sku: `S${productId}-${variantId ?? ''}`, slug: `p${productId}` }))

const catalogueArb = fc.tuple(productArb(1, undefined), productArb(2, 1), productArb(2, 2), productArb(3, undefined))

type Command =
  | { op: 'add'; index: number; count: number }
  | { op: 'set'; index: number; count: number }
  | { op: 'plus' | 'minus' | 'remove'; index: number }
  | { op: 'reset' }

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), index: fc.nat(3), count: fc.integer({ min: -1, max: 8 }) }),
  fc.record({ op: fc.constant('set' as const), index: fc.nat(3), count: fc.integer({ min: -2, max: 10 }) }),
  fc.record({ op: fc.constantFrom('plus' as const, 'minus' as const, 'remove' as const), index: fc.nat(3) }),
  fc.constant({ op: 'reset' as const }),
)

function run(catalogue: readonly ProductSnapshot[], command: Command, basket: Basket): Basket {
  if (command.op === 'reset') return resetBasket(basket)
  const p = catalogue[command.index]
  if (!p) return basket
  const id = itemIdFor(p)
  switch (command.op) {
    case 'add':
      return addToBasket(basket, p, command.count).basket
    case 'set':
      return setItemCount(basket, id, command.count)
    case 'plus':
      return incrementItem(basket, id)
    case 'minus':
      return decrementItem(basket, id)
    case 'remove':
      return removeItem(basket, id)
  }
}

const basketArb = fc.tuple(catalogueArb, fc.array(commandArb, { maxLength: 30 })).map(([catalogue, commands]) => ({
  catalogue,
  basket: commands.reduce((b, c) => deepFreeze(run(catalogue, c, b)), deepFreeze(EMPTY_BASKET)),
}))

describe('basket properties', () => {
  it('a count is never above stock nor below one, and remaining stock is stock minus count', () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(commandArb, { maxLength: 40 }), (catalogue, commands) => {
        let basket = deepFreeze(EMPTY_BASKET)
        for (const command of commands) {
          basket = deepFreeze(run(catalogue, command, basket))
          const ids = basket.items.map((i) => i.itemId)
          expect(new Set(ids).size).toBe(ids.length)
          for (const item of basket.items) {
            expect(item.count).toBeGreaterThanOrEqual(1)
            expect(item.count).toBeLessThanOrEqual(item.product.stockQuantity)
            expect(item.updatedStock).toBe(item.product.stockQuantity - item.count)
            expect(item.updatedStock).toBeGreaterThanOrEqual(0)
            expect(item.product.pricePence).not.toBeNull()
          }
        }
      }),
    )
  })

  it('totals are never negative, whatever coupon and shipping', () => {
    const couponArb = fc.oneof(
      fc.constant(null),
      fc.record({
        status: fc.constant('applied' as const),
        code: fc.constant('C'),
        amount: fc.integer({ min: 0, max: 5_000_000 }),
        discount_type: fc.constantFrom('fixed_cart' as const, 'percent' as const, 'fixed_product' as const),
        valid: fc.constant(true as const),
      }),
    )
    fc.assert(
      fc.property(basketArb, couponArb, fc.integer({ min: 0, max: 50_000 }), ({ basket }, couponCode, feePence) => {
        const totals = basketTotals({ ...basket, couponCode }, { feePence, vatRatePercent: 20 })
        for (const value of [totals.subtotalPence, totals.discountPence, totals.shippingPence, totals.vatPence, totals.totalPence]) {
          expect(Number.isSafeInteger(value)).toBe(true)
          expect(value).toBeGreaterThanOrEqual(0)
        }
        expect(totals.discountPence).toBeLessThanOrEqual(totals.subtotalPence)
        expect(totals.vatPence).toBeLessThanOrEqual(totals.totalPence)
        expect(totals.totalPence).toBe(totals.subtotalPence - totals.discountPence + totals.shippingPence)
      }),
    )
  })

  it('adding a product and removing it returns the original basket', () => {
    const freshArb = productArb(99, undefined).filter((p) => p.pricePence !== null && p.stockQuantity > 0)
    fc.assert(
      fc.property(basketArb, freshArb, fc.integer({ min: 1, max: 8 }), ({ basket }, fresh, count) => {
        const result = addToBasket(basket, fresh, count)
        expect(result.ok).toBe(true)
        expect(removeItem(result.basket, itemIdFor(fresh))).toEqual(basket)
      }),
    )
  })

  it('adding more of a line and taking the same number off again restores its count and stock', () => {
    const stockedArb = productArb(1, undefined).filter((p) => p.pricePence !== null && p.stockQuantity >= 2)
    fc.assert(
      fc.property(stockedArb, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }), (p, first, more) => {
        const start = addToBasket(EMPTY_BASKET, p, Math.min(first, p.stockQuantity - 1))
        if (!start.ok) throw new Error('arrange: first add refused')
        const before = start.item
        const result = addToBasket(start.basket, p, more)
        expect(result.ok).toBe(true)
        if (!result.ok) return
        let after = result.basket
        for (let i = 0; i < result.addedCount; i++) after = decrementItem(after, before.itemId)
        expect(findItem(after, before.itemId)).toMatchObject({ count: before.count, updatedStock: before.updatedStock })
        expect(basketSubtotalPence(after)).toBe(basketSubtotalPence(start.basket))
      }),
    )
  })

  it('reconciling against the products it holds changes no count and reports nothing', () => {
    fc.assert(
      fc.property(basketArb, ({ basket }) => {
        const result = reconcileBasket(basket, basket.items.map((i) => i.product))
        expect(result.problems).toEqual([])
        expect(result.basket).toEqual(basket)
      }),
    )
  })
})
