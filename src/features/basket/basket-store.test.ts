import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { basketFromStore, deliveryFromStore, storeWithSlices } from './basket-storage'
import { STORE_STORAGE_KEY } from '../../config/browser-storage'
import { EMPTY_BASKET } from '../../domain/basket/basket'
import { BASKET_CLEARED_EVENT, createShopStore, followSameTabWrites, REHYDRATE_TIMEOUT_MS, type StoreCodec } from './basket-store'

const codec: StoreCodec = { basketFromStore, deliveryFromStore, storeWithSlices }
const lock = { productId: 9, name: 'Disc lock', sku: 'LOCK', pricePence: 4_500, vatRatePercent: 20, stockQuantity: 10, slug: 'lock' }

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}

describe('the running store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads the stored basket, writes changes back under "root" and keeps other slices', async () => {
    const storage = memoryStorage({ [STORE_STORAGE_KEY]: JSON.stringify({ finance: { email: 'a@b.c' }, basket: { items: [{ product: lock, count: 2 }] } }) })
    const store = createShopStore({ storage: () => storage, loadCodec: async () => codec })
    store.start()
    await store.whenHydrated()
    expect(store.getState().basket.items[0]).toMatchObject({ count: 2 })
    store.dispatch({ type: 'increment', itemId: '9' })
    store.dispatch({ type: 'chooseDelivery', method: 'free' })
    const saved = JSON.parse(storage.data.get(STORE_STORAGE_KEY)!)
    expect(saved.finance).toEqual({ email: 'a@b.c' })
    expect(saved.basket.items[0].count).toBe(3)
    expect(saved.delivery).toEqual({ method: 'free' })
  })

  it('goes on with an empty basket after the 5 s rehydrate timeout, and takes the stored copy if it arrives untouched', async () => {
    const warn = vi.fn()
    let release: (c: StoreCodec) => void = () => {}
    const storage = memoryStorage({ [STORE_STORAGE_KEY]: JSON.stringify({ basket: { items: [{ product: lock, count: 1 }] } }) })
    const store = createShopStore({ storage: () => storage, loadCodec: () => new Promise((r) => (release = r)), warn })
    store.start()
    await vi.advanceTimersByTimeAsync(REHYDRATE_TIMEOUT_MS - 1)
    expect(store.getState().hydrated).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(store.getState()).toMatchObject({ hydrated: true, basket: { items: [] } })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not read within 5 s'))
    release(codec)
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getState().basket.items).toHaveLength(1)
  })

  it('empties the running basket (and so the header count) when the paid basket is cleared in this same tab', async () => {
    const storage = memoryStorage({ [STORE_STORAGE_KEY]: JSON.stringify({ finance: { email: 'a@b.c' }, basket: { items: [{ product: lock, count: 2 }] } }) })
    const store = createShopStore({ storage: () => storage, loadCodec: async () => codec })
    const page = new EventTarget()
    followSameTabWrites(store, page, () => storage)
    store.start()
    await store.whenHydrated()
    expect(store.getState().basket.items).toHaveLength(1)
    // What the payment-success page does: writes the emptied basket straight to storage, then announces it.
    storage.setItem(STORE_STORAGE_KEY, storeWithSlices(storage.getItem(STORE_STORAGE_KEY), { basket: EMPTY_BASKET, deliveryMethod: null }))
    page.dispatchEvent(new CustomEvent(BASKET_CLEARED_EVENT, { detail: { orderNumber: 'WH-1' } }))
    expect(store.getState().basket.items).toEqual([])
    expect(JSON.parse(storage.data.get(STORE_STORAGE_KEY)!).finance).toEqual({ email: 'a@b.c' })
  })

  it('follows another tab without writing the copy back', async () => {
    const storage = memoryStorage()
    const setItem = vi.spyOn(storage, 'setItem')
    const store = createShopStore({ storage: () => storage, loadCodec: async () => codec })
    store.start()
    await store.whenHydrated()
    const listener = vi.fn()
    store.subscribe(listener)
    store.syncFrom(JSON.stringify({ basket: { items: [{ product: lock, count: 4 }] }, delivery: { method: 'flat_rate' } }))
    await vi.advanceTimersByTimeAsync(0) // the codec was not needed until now: nothing was stored
    expect(store.getState()).toMatchObject({ deliveryMethod: 'flat_rate', basket: { items: [{ count: 4 }] } })
    expect(listener).toHaveBeenCalled()
    expect(setItem).not.toHaveBeenCalled()
  })

  it('starts a first visit with an empty basket without loading the codec, and loads it for the first write', async () => {
    const storage = memoryStorage()
    const loadCodec = vi.fn(async () => codec)
    const store = createShopStore({ storage: () => storage, loadCodec })
    store.start()
    expect(store.getState()).toMatchObject({ hydrated: true, basket: { items: [] } })
    expect(loadCodec).not.toHaveBeenCalled()
    store.dispatch({ type: 'add', product: lock })
    store.dispatch({ type: 'increment', itemId: '9' })
    await vi.advanceTimersByTimeAsync(0)
    expect(loadCodec).toHaveBeenCalledTimes(1)
    expect(JSON.parse(storage.data.get(STORE_STORAGE_KEY)!).basket.items[0].count).toBe(2)
  })

  it('has a change saved by the time whenWritable resolves, even on a first visit', async () => {
    const storage = memoryStorage()
    const store = createShopStore({ storage: () => storage, loadCodec: async () => codec })
    store.start()
    await store.whenHydrated()
    await store.whenWritable()
    store.dispatch({ type: 'add', product: lock })
    expect(JSON.parse(storage.data.get(STORE_STORAGE_KEY)!).basket.items).toHaveLength(1)
  })

  it('keeps working in memory when storage is refused', async () => {
    const warn = vi.fn()
    const store = createShopStore({
      storage: () => {
        throw new Error('SecurityError')
      },
      loadCodec: async () => codec,
      warn,
    })
    store.start()
    await store.whenHydrated()
    store.dispatch({ type: 'add', product: lock })
    expect(store.getState().basket.items).toHaveLength(1)
    expect(warn).toHaveBeenCalled()
  })
})
