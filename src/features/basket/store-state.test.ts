import { describe, expect, it } from 'vitest'
import { EMPTY_BASKET, type ProductSnapshot } from '../../domain/basket/basket'
import { INITIAL_STATE, mergeLineCounts, pricingLines, reduce, type ShopAction, type ShopState } from './store-state'

const helmet: ProductSnapshot = { productId: 7, variantId: 31, name: 'Helmet – M', sku: 'H-M', pricePence: 53_999, vatRatePercent: 20, stockQuantity: 3, slug: 'helmet' }
const lock: ProductSnapshot = { productId: 9, name: 'Disc lock', sku: 'LOCK', pricePence: 4_500, vatRatePercent: 20, stockQuantity: 10, slug: 'lock' }

const run = (state: ShopState, ...actions: ShopAction[]) => actions.reduce(reduce, state)
const ready = run(INITIAL_STATE, { type: 'hydrate', basket: EMPTY_BASKET, deliveryMethod: null })

describe('shop store reducer', () => {
  it('hydrates once from the stored copy', () => {
    const stored = run(INITIAL_STATE, { type: 'hydrate', basket: { items: [], couponCode: null }, deliveryMethod: 'free' })
    expect(stored).toMatchObject({ hydrated: true, deliveryMethod: 'free', touched: false })
  })

  it('after a rehydrate timeout takes a late stored copy, unless the customer has changed the basket since', () => {
    const timedOut = run(INITIAL_STATE, { type: 'hydrateTimedOut' })
    expect(timedOut.hydrated).toBe(true)
    const late = run(timedOut, { type: 'hydrate', basket: run(ready, { type: 'add', product: lock }).basket, deliveryMethod: null })
    expect(late.basket.items).toHaveLength(1)
    const changed = run(timedOut, { type: 'add', product: helmet })
    const ignored = run(changed, { type: 'hydrate', basket: run(ready, { type: 'add', product: lock }).basket, deliveryMethod: 'free' })
    expect(ignored.basket.items.map((i) => i.itemId)).toEqual(['7:31'])
    expect(ignored.deliveryMethod).toBeNull()
  })

  it('adds and opens the added-to-basket modal with what was added', () => {
    const state = run(ready, { type: 'add', product: helmet, count: 5 })
    expect(state.ui.addedModal).toBe(true)
    expect(state.lastAdd).toEqual({ ok: true, itemId: '7:31', name: 'Helmet – M', addedCount: 3, count: 3, limitedByStock: true })
    const refused = run(state, { type: 'add', product: helmet })
    expect(refused.lastAdd).toEqual({ ok: false, name: 'Helmet – M', message: 'You already have all 3 of Helmet – M we have in stock.' })
    expect(refused.basket).toBe(state.basket)
  })

  it('plus stops at stock, minus removes at 0, set and remove and reset', () => {
    let state = run(ready, { type: 'add', product: helmet })
    state = run(state, { type: 'increment', itemId: '7:31' }, { type: 'increment', itemId: '7:31' })
    expect(state.basket.items[0]).toMatchObject({ count: 3, updatedStock: 0 })
    expect(run(state, { type: 'increment', itemId: '7:31' })).toBe(state)
    expect(run(state, { type: 'decrement', itemId: '7:31' }, { type: 'decrement', itemId: '7:31' }, { type: 'decrement', itemId: '7:31' }).basket.items).toEqual([])
    expect(run(state, { type: 'setCount', itemId: '7:31', count: 0 }).basket.items).toEqual([])
    expect(run(state, { type: 'remove', itemId: '7:31' }).basket.items).toEqual([])
    const reset = run(state, { type: 'chooseDelivery', method: 'free' }, { type: 'couponAdd', code: 'x' }, { type: 'reset' })
    expect(reset).toMatchObject({ basket: EMPTY_BASKET, deliveryMethod: null, problems: [] })
  })

  it('adds, checks and removes a coupon, ignoring a verdict on a code that was replaced', () => {
    const entered = run(ready, { type: 'couponAdd', code: ' welcome10 ' })
    expect(entered.basket.couponCode).toMatchObject({ status: 'entered', code: 'WELCOME10' })
    const invalid = { status: 'invalid', code: 'WELCOME10', amount: 0, discount_type: null, valid: false, reason: 'expired', message: 'This coupon expired on 1 January 2026.' } as const
    expect(run(entered, { type: 'couponChecked', coupon: invalid }).basket.couponCode).toEqual(invalid)
    const replaced = run(entered, { type: 'couponAdd', code: 'TENOFF' }, { type: 'couponChecked', coupon: invalid })
    expect(replaced.basket.couponCode).toMatchObject({ status: 'entered', code: 'TENOFF' })
    expect(run(entered, { type: 'couponRemove' }).basket.couponCode).toBeNull()
  })

  it('reconciles with fresh snapshots and shows the basket error when price or stock changed', () => {
    const state = run(ready, { type: 'add', product: helmet, count: 3 }, { type: 'add', product: lock })
    const same = run(state, { type: 'reconcile', fresh: [helmet, lock] })
    expect(same.ui.basketError).toBe(false)
    expect(same.basket).toBe(state.basket)
    const changed = run(state, { type: 'reconcile', fresh: [{ ...helmet, stockQuantity: 1 }, { ...lock, pricePence: 5_000 }] })
    expect(changed.ui.basketError).toBe(true)
    expect(changed.problems.map((p) => p.kind)).toEqual(['count_reduced', 'price_changed'])
    expect(changed.basket.items.map((i) => [i.count, i.product.pricePence])).toEqual([
      [1, 53_999],
      [1, 5_000],
    ])
    const dismissed = run(changed, { type: 'hide', flag: 'basketError' })
    expect(dismissed.problems).toEqual([])
  })

  it('keeps show and hide flags as screen state', () => {
    const shown = run(ready, { type: 'show', flag: 'klarnaModal' }, { type: 'show', flag: 'additionalServices' }, { type: 'hide', flag: 'shippingFee' })
    expect(shown.ui).toMatchObject({ klarnaModal: true, additionalServices: true, shippingFee: false, miniBasket: false })
    expect(run(shown, { type: 'show', flag: 'klarnaModal' })).toBe(shown)
  })
})

describe('pricing lines and sign-in merge', () => {
  it('sends ids and counts only', () => {
    const state = run(ready, { type: 'add', product: helmet, count: 2 }, { type: 'add', product: { ...lock, productId: 'abc' } })
    expect(pricingLines(state.basket)).toEqual([{ productId: 7, variantId: 31, count: 2 }])
  })

  it('merges a stored and a saved basket by the larger count per line, never the sum', () => {
    expect(
      mergeLineCounts(
        [
          { productId: 7, variantId: 31, count: 1 },
          { productId: 9, variantId: null, count: 4 },
        ],
        [
          { productId: 7, variantId: 31, count: 2 },
          { productId: 9, variantId: null, count: 1 },
          { productId: 11, variantId: null, count: 1 },
        ],
      ),
    ).toEqual([
      { productId: 7, variantId: 31, count: 2 },
      { productId: 9, variantId: null, count: 4 },
      { productId: 11, variantId: null, count: 1 },
    ])
  })
})

describe('lines the shop cannot sell', () => {
  it('drops them and says so in the basket error', () => {
    const state = run(ready, { type: 'add', product: helmet }, { type: 'add', product: lock }, { type: 'dropGone', itemIds: ['9', 'nope'] })
    expect(state.basket.items.map((i) => i.itemId)).toEqual(['7:31'])
    expect(state.problems).toEqual([{ kind: 'product_gone', itemId: '9', name: 'Disc lock', message: 'Disc lock is no longer available and has been removed from your basket.' }])
    expect(state.ui.basketError).toBe(true)
    expect(run(state, { type: 'dropGone', itemIds: ['nope'] })).toBe(state)
  })

  it('keeps the "no longer available" line when the next pricing finds another line changed', () => {
    const gone = run(ready, { type: 'add', product: helmet }, { type: 'add', product: lock }, { type: 'dropGone', itemIds: ['9'] })
    const repriced = run(gone, { type: 'reconcile', fresh: [{ ...helmet, pricePence: 49_999 }] })
    expect(repriced.problems.map((p) => `${p.kind}:${p.itemId}`)).toEqual(['price_changed:7:31', 'product_gone:9'])
    expect(repriced.ui.basketError).toBe(true)
    // Once the customer has read and closed the error, only new problems are shown.
    const read = run(repriced, { type: 'hide', flag: 'basketError' })
    const again = run(read, { type: 'reconcile', fresh: [{ ...helmet, pricePence: 45_000 }] })
    expect(again.problems.map((p) => `${p.kind}:${p.itemId}`)).toEqual(['price_changed:7:31'])
  })
})
