// The running store: state from store-state.ts kept in localStorage under "root", read back with a 5 s
// rehydrate timeout (spec §4, §9) and kept in step between tabs through the storage event.
import { useEffect, useSyncExternalStore } from 'react'
import { EMPTY_BASKET, type Basket } from '../../domain/basket/basket'
import type { DeliveryMethod } from '../../domain/delivery/delivery'
import { INITIAL_STATE, reduce, type ShopAction, type ShopState } from './store-state'
import { STORE_STORAGE_KEY } from '../../config/browser-storage'

export const REHYDRATE_TIMEOUT_MS = 5000

export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** The stored-copy parser and writer; loaded on demand because it brings zod, which most page views never need. */
export interface StoreCodec {
  basketFromStore(raw: string | null): Basket
  deliveryFromStore(raw: string | null): DeliveryMethod | null
  storeWithSlices(raw: string | null, slices: { basket: Basket; deliveryMethod: DeliveryMethod | null }): string
}

export interface ShopStoreEnv {
  /** Throws when storage is refused (private mode, blocked cookies). */
  readonly storage: () => StorageLike
  readonly loadCodec: () => Promise<StoreCodec>
  readonly rehydrateTimeoutMs?: number
  readonly warn?: (message: string, error?: unknown) => void
}

export interface ShopStore {
  getState(): ShopState
  subscribe(listener: () => void): () => void
  dispatch(action: ShopAction): void
  /** Reads the stored copy once; later calls do nothing. */
  start(): void
  /** Another tab wrote `raw` under the store key. */
  syncFrom(raw: string | null): void
  /** Resolves once the stored copy was read or the rehydrate timeout passed; changes wait for it. */
  whenHydrated(): Promise<void>
  /** Resolves once a change is saved as it is made (the codec is loaded); at once when it already is. */
  whenWritable(): Promise<void>
}

/** Actions that only bring the stored copy in: writing it straight back would ping-pong between tabs. */
const READS: ReadonlySet<ShopAction['type']> = new Set(['hydrate', 'hydrateTimedOut', 'syncFromStorage'])

export function createShopStore(env: ShopStoreEnv): ShopStore {
  const warn = env.warn ?? ((message: string, error?: unknown) => console.warn(message, error ?? ''))
  const timeoutMs = env.rehydrateTimeoutMs ?? REHYDRATE_TIMEOUT_MS
  let state = INITIAL_STATE
  let codec: StoreCodec | null = null
  let started = false
  const listeners = new Set<() => void>()
  let markHydrated: () => void = () => {}
  const hydrated = new Promise<void>((resolve) => (markHydrated = resolve))

  function read(): string | null {
    try {
      return env.storage().getItem(STORE_STORAGE_KEY)
    } catch (error) {
      warn('basket: browser storage is not available; the basket lasts until the page is closed', error)
      return null
    }
  }

  // The codec (zod and the stored-basket rules, the bulk of the basket's code) loads only when there is a stored
  // copy to read or a change to write: a visitor who never adds anything never downloads it.
  let codecLoad: Promise<StoreCodec> | null = null
  const loadCodec = () => (codecLoad ??= env.loadCodec().then((loaded) => (codec = loaded)))
  function withCodec(run: (loaded: StoreCodec) => void) {
    if (codec) return run(codec)
    loadCodec()
      .then(run)
      .catch((error: unknown) => warn('basket: could not load the basket code', error))
  }

  function write(loaded: StoreCodec, next: ShopState) {
    try {
      const storage = env.storage()
      storage.setItem(STORE_STORAGE_KEY, loaded.storeWithSlices(storage.getItem(STORE_STORAGE_KEY), { basket: next.basket, deliveryMethod: next.deliveryMethod }))
    } catch (error) {
      warn('basket: could not save the basket in browser storage', error)
    }
  }

  function persist(prev: ShopState, next: ShopState) {
    if (!next.hydrated) return
    if (prev.basket === next.basket && prev.deliveryMethod === next.deliveryMethod) return
    if (codec) write(codec, next)
    else withCodec((loaded) => write(loaded, state)) // whatever is current once the code is here
  }

  function dispatch(action: ShopAction) {
    const prev = state
    const next = reduce(prev, action)
    if (next === prev) return
    state = next
    if (!READS.has(action.type)) persist(prev, next)
    if (next.hydrated) markHydrated()
    for (const listener of listeners) listener()
  }

  function start() {
    if (started) return
    started = true
    // Nothing stored (a first visit): an empty basket, without loading the code that parses a stored one.
    if (read() === null) {
      dispatch({ type: 'hydrate', basket: EMPTY_BASKET, deliveryMethod: null })
      return
    }
    const timer = setTimeout(() => {
      if (state.hydrated) return
      warn(`basket: the stored basket was not read within ${timeoutMs / 1000} s; starting with an empty basket`)
      dispatch({ type: 'hydrateTimedOut' })
    }, timeoutMs)
    withCodec((loaded) => {
      clearTimeout(timer)
      const raw = read()
      dispatch({ type: 'hydrate', basket: loaded.basketFromStore(raw), deliveryMethod: loaded.deliveryFromStore(raw) })
    })
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispatch,
    start,
    syncFrom(raw) {
      if (!started) return // start() reads the stored copy itself
      withCodec((loaded) => dispatch({ type: 'syncFromStorage', basket: loaded.basketFromStore(raw), deliveryMethod: loaded.deliveryFromStore(raw) }))
    },
    whenHydrated: () => hydrated,
    async whenWritable() {
      if (codec) return
      try {
        await loadCodec()
      } catch (error) {
        warn('basket: could not load the basket code; the basket lasts until the page is closed', error)
      }
    },
  }
}

/**
 * Fired in this tab by code that writes the stored basket itself (the payment-success page empties it once an order
 * is paid). The browser's storage event only reaches *other* tabs, so without this the header kept counting the paid
 * items until the next page load.
 */
export const BASKET_CLEARED_EVENT = 'wheelhouse:basket-cleared'

/** Keeps the running store in step with same-tab writes announced by BASKET_CLEARED_EVENT. */
export function followSameTabWrites(store: ShopStore, target: Pick<EventTarget, 'addEventListener'>, storage: () => StorageLike): void {
  target.addEventListener(BASKET_CLEARED_EVENT, () => {
    try {
      store.syncFrom(storage().getItem(STORE_STORAGE_KEY))
    } catch {
      store.syncFrom(null)
    }
  })
}

let browserStore: ShopStore | null = null

/** The page's one store (created on first use in the browser). */
export function shopStore(): ShopStore {
  if (!browserStore) {
    const store = createShopStore({ storage: () => window.localStorage, loadCodec: () => import('./basket-storage') })
    // On the server (a render before hydration) there is no storage and nothing to follow.
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        if (event.key === STORE_STORAGE_KEY || event.key === null) store.syncFrom(event.key === null ? null : event.newValue)
      })
      followSameTabWrites(store, window, () => window.localStorage)
    }
    browserStore = store
  }
  return browserStore
}

const noop = () => () => {}

/** The store's state in a component; the server and the first render see the empty, not-yet-hydrated state. */
export function useShopState(): ShopState {
  useEffect(() => shopStore().start(), [])
  return useSyncExternalStore(
    typeof window === 'undefined' ? noop : (listener) => shopStore().subscribe(listener),
    () => shopStore().getState(),
    () => INITIAL_STATE,
  )
}

/** Dispatch from an event handler. */
export function dispatchShop(action: ShopAction): void {
  shopStore().dispatch(action)
}

/** Dispatches after the stored copy is in, so an early tap never builds on an empty basket and overwrites it. */
export async function dispatchWhenReady(action: ShopAction): Promise<ShopState> {
  const store = shopStore()
  store.start()
  await store.whenHydrated()
  // Saved before the caller says "added": the customer may be on the basket page a moment later.
  await store.whenWritable()
  store.dispatch(action)
  return store.getState()
}
