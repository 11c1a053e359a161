import { describe, expect, it } from 'vitest'
import { addToCartEvent, beginCheckoutEvent, ga4Item, onceKeyFor, penceToPounds, purchaseEvent, viewItemEvent, viewItemListEvent } from './ga4-ecommerce'

const bike = { sku: 'HON-CB500F-23', slug: 'honda-cb500f', name: 'Honda CB500F', brand: 'Honda', category: 'motorcycle', unitPricePence: 649_900 }

describe('GA4 items', () => {
  it('uses the SKU as item_id and pounds as a number', () => {
    expect(ga4Item(bike)).toEqual({ item_id: 'HON-CB500F-23', item_name: 'Honda CB500F', item_brand: 'Honda', item_category: 'motorcycle', price: 6499, quantity: 1 })
  })
  it('falls back to the slug without a SKU, and leaves out what is unknown', () => {
    expect(ga4Item({ sku: null, slug: 'a-helmet', name: 'A helmet', brand: null, unitPricePence: 12_999, quantity: 2 })).toEqual({ item_id: 'a-helmet', item_name: 'A helmet', price: 129.99, quantity: 2 })
    expect(ga4Item({ sku: '  ', slug: 'x', name: 'X', unitPricePence: 1 }).item_id).toBe('x')
  })
  it('turns pence into pounds exactly', () => {
    expect(penceToPounds(1999)).toBe(19.99)
    expect(penceToPounds(10)).toBe(0.1)
    expect(penceToPounds(0)).toBe(0)
  })
})

describe('GA4 ecommerce events', () => {
  it('view_item_list numbers the items from the page’s first place and skips unpriced ones', () => {
    const event = viewItemListEvent({ id: 'all-bikes', name: 'All bikes' }, [bike, { ...bike, sku: null, slug: 'poa-bike', unitPricePence: null }, { ...bike, sku: 'B', slug: 'b' }], 24)
    expect(event.event).toBe('view_item_list')
    expect(event.ecommerce).toMatchObject({ currency: 'GBP', item_list_id: 'all-bikes', item_list_name: 'All bikes' })
    expect(event.ecommerce.items.map((i) => [i.item_id, i.index, i.item_list_id])).toEqual([
      ['HON-CB500F-23', 24, 'all-bikes'],
      ['B', 26, 'all-bikes'],
    ])
  })

  it('view_item and add_to_cart carry the value of what was seen or added', () => {
    expect(viewItemEvent(bike)).toEqual({ event: 'view_item', ecommerce: { currency: 'GBP', value: 6499, items: [ga4Item(bike)] } })
    const added = addToCartEvent({ ...bike, unitPricePence: 1_050, quantity: 3 })
    expect(added.event).toBe('add_to_cart')
    expect(added.ecommerce.value).toBe(31.5)
    expect(added.ecommerce.items[0]).toMatchObject({ price: 10.5, quantity: 3 })
  })

  it('begin_checkout is valued at the basket’s total, with its coupon', () => {
    const event = beginCheckoutEvent([bike, { ...bike, sku: 'GLOVES', name: 'Gloves', unitPricePence: 2_999, quantity: 2 }], { totalPence: 655_897, coupon: 'SPRING' })
    expect(event.ecommerce).toMatchObject({ currency: 'GBP', value: 6558.97, coupon: 'SPRING' })
    expect(event.ecommerce.items.map((i) => i.item_id)).toEqual(['HON-CB500F-23', 'GLOVES'])
    expect(beginCheckoutEvent([bike], { totalPence: 649_900, coupon: null }).ecommerce).not.toHaveProperty('coupon')
  })

  it('purchase carries the order number, tax and shipping, and is sent once per order', () => {
    const event = purchaseEvent({ orderNumber: 'WH-1001', totalPence: 651_400, vatPence: 108_567, shippingPence: 1_500, lines: [bike] })
    expect(event).toEqual({
      event: 'purchase',
      ecommerce: { currency: 'GBP', transaction_id: 'WH-1001', value: 6514, tax: 1085.67, shipping: 15, items: [ga4Item(bike)] },
    })
    expect(onceKeyFor(event)).toBe('purchase:WH-1001')
    expect(onceKeyFor(viewItemEvent(bike))).toBeNull()
  })
})
