import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addCoupon, submitCoupon } from '../coupons/coupon'
import { addToBasket, EMPTY_BASKET, type Basket, type ProductSnapshot } from './basket'
import { parseStoredBasket } from './parse-stored-basket'

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
})
