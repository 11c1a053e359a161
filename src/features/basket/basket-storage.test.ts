import { describe, expect, it } from 'vitest'
import { addToBasket, EMPTY_BASKET, type ProductSnapshot } from '../../domain/basket/basket'
import { basketFromStore, deliveryFromStore, storeWithBasket, storeWithSlices } from './basket-storage'

const helmet: ProductSnapshot = { productId: 7, variantId: 31, name: 'Shoei NXR2 Helmet – M / White', sku: 'SHOEI-WHITE-M', pricePence: 53_999, vatRatePercent: 20, stockQuantity: 3, slug: 'shoei-nxr2-helmet' }

describe('basket storage', () => {
  it('starts empty when nothing or junk is stored', () => {
    for (const raw of [null, '', 'not json', '[]', '42', '{"basket":"x"}']) expect(basketFromStore(raw)).toEqual(EMPTY_BASKET)
  })

  it('writes the basket under the store and reads it back, keeping other slices', () => {
    const added = addToBasket(EMPTY_BASKET, helmet)
    if (!added.ok) throw new Error('arrange')
    const raw = storeWithBasket('{"finance":{"email":"a@b.c"}}', added.basket)
    expect(JSON.parse(raw).finance).toEqual({ email: 'a@b.c' })
    expect(basketFromStore(raw)).toEqual(added.basket)
  })
})

describe('delivery slice', () => {
  it('keeps the chosen method beside the basket and refuses unknown ones', () => {
    const raw = storeWithSlices('{"finance":{"x":1}}', { basket: EMPTY_BASKET, deliveryMethod: 'free' })
    expect(deliveryFromStore(raw)).toBe('free')
    expect(JSON.parse(raw).finance).toEqual({ x: 1 })
    expect(deliveryFromStore('{"delivery":{"method":"teleport"}}')).toBeNull()
    expect(deliveryFromStore('{"delivery":"free"}')).toBeNull()
    expect(deliveryFromStore(null)).toBeNull()
  })
})
