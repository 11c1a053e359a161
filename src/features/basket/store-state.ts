// The storefront's one client store as a pure reducer: the basket (spec §3, §4), the chosen delivery method and
// the spec's show/hide flags. The runtime (basket-store.ts) keeps it in localStorage and in step between tabs.
import {
  addToBasket,
  decrementItem,
  EMPTY_BASKET,
  incrementItem,
  reconcileBasket,
  removeItem,
  resetBasket,
  setItemCount,
  type Basket,
  type BasketProblem,
  type ProductSnapshot,
} from '../../domain/basket/basket'
import { addCoupon, removeCoupon, type CouponCodeState } from '../../domain/coupons/coupon'
import type { DeliveryMethod } from '../../domain/delivery/delivery'

/** Spec §3/§4 visibility flags. Screen state: never stored, every page load starts with them as below. */
export const UI_FLAGS = ['basket', 'miniBasket', 'addedModal', 'klarnaModal', 'basketError', 'additionalServices', 'shippingFee'] as const
export type UiFlag = (typeof UI_FLAGS)[number]
export type UiFlags = Readonly<Record<UiFlag, boolean>>

export const INITIAL_UI: UiFlags = {
  basket: false,
  miniBasket: false,
  addedModal: false,
  klarnaModal: false,
  basketError: false,
  additionalServices: false,
  // The fee breakdown shows by default; the customer may fold it away.
  shippingFee: true,
}

/** What the latest add did, for the added-to-basket modal to announce. */
export type LastAdd =
  | { readonly ok: true; readonly itemId: string; readonly name: string; readonly addedCount: number; readonly count: number; readonly limitedByStock: boolean }
  | { readonly ok: false; readonly name: string; readonly message: string }

export interface ShopState {
  /** false until the stored copy was read (or the 5 s rehydrate timeout passed). */
  readonly hydrated: boolean
  /** true once the customer changed something; a stored copy arriving after the timeout must not undo that. */
  readonly touched: boolean
  readonly basket: Basket
  readonly deliveryMethod: DeliveryMethod | null
  readonly ui: UiFlags
  readonly lastAdd: LastAdd | null
  /** What changed since the items were added, from the latest server pricing; shown as the basket error. */
  readonly problems: readonly BasketProblem[]
}

export const INITIAL_STATE: ShopState = {
  hydrated: false,
  touched: false,
  basket: EMPTY_BASKET,
  deliveryMethod: null,
  ui: INITIAL_UI,
  lastAdd: null,
  problems: [],
}

export type ShopAction =
  /** The stored copy was read; after a timeout it still counts unless the customer has changed something since. */
  | { readonly type: 'hydrate'; readonly basket: Basket; readonly deliveryMethod: DeliveryMethod | null }
  /** The rehydrate timeout passed before the stored copy could be read: go on with an empty basket. */
  | { readonly type: 'hydrateTimedOut' }
  /** Another tab wrote the store. */
  | { readonly type: 'syncFromStorage'; readonly basket: Basket; readonly deliveryMethod: DeliveryMethod | null }
  | { readonly type: 'add'; readonly product: ProductSnapshot; readonly count?: number }
  | { readonly type: 'increment'; readonly itemId: string }
  | { readonly type: 'decrement'; readonly itemId: string }
  | { readonly type: 'setCount'; readonly itemId: string; readonly count: number }
  | { readonly type: 'remove'; readonly itemId: string }
  | { readonly type: 'reset' }
  | { readonly type: 'couponAdd'; readonly code: string }
  /** The server's verdict on the code: applied, or invalid with its message. */
  | { readonly type: 'couponChecked'; readonly coupon: CouponCodeState }
  | { readonly type: 'couponRemove' }
  /** Fresh snapshots from the server replace the stored ones; what changed becomes the basket error. */
  | { readonly type: 'reconcile'; readonly fresh: readonly ProductSnapshot[]; readonly serverProblems?: readonly BasketProblem[] }
  /** The server cannot sell these lines (unknown, withdrawn, no price): they go, and the basket error says so. */
  | { readonly type: 'dropGone'; readonly itemIds: readonly string[] }
  | { readonly type: 'replaceBasket'; readonly basket: Basket }
  | { readonly type: 'chooseDelivery'; readonly method: DeliveryMethod | null }
  | { readonly type: 'show'; readonly flag: UiFlag }
  | { readonly type: 'hide'; readonly flag: UiFlag }

function withBasket(state: ShopState, basket: Basket): ShopState {
  if (basket === state.basket) return state
  return { ...state, basket, touched: true }
}

function setFlag(state: ShopState, flag: UiFlag, value: boolean): ShopState {
  if (state.ui[flag] === value) return state
  return { ...state, ui: { ...state.ui, [flag]: value } }
}

export function reduce(state: ShopState, action: ShopAction): ShopState {
  switch (action.type) {
    case 'hydrate':
      if (state.touched) return state.hydrated ? state : { ...state, hydrated: true }
      return { ...state, hydrated: true, basket: action.basket, deliveryMethod: action.deliveryMethod }
    case 'hydrateTimedOut':
      return state.hydrated ? state : { ...state, hydrated: true }
    case 'syncFromStorage':
      return { ...state, hydrated: true, basket: action.basket, deliveryMethod: action.deliveryMethod }
    case 'add': {
      const result = addToBasket(state.basket, action.product, action.count ?? 1)
      const lastAdd: LastAdd = result.ok
        ? { ok: true, itemId: result.item.itemId, name: action.product.name, addedCount: result.addedCount, count: result.item.count, limitedByStock: result.limitedByStock }
        : { ok: false, name: action.product.name, message: result.message }
      return { ...withBasket(state, result.basket), lastAdd, ui: { ...state.ui, addedModal: true } }
    }
    case 'increment':
      return withBasket(state, incrementItem(state.basket, action.itemId))
    case 'decrement':
      return withBasket(state, decrementItem(state.basket, action.itemId))
    case 'setCount':
      return withBasket(state, setItemCount(state.basket, action.itemId, action.count))
    case 'remove':
      return withBasket(state, removeItem(state.basket, action.itemId))
    case 'reset':
      return { ...withBasket(state, resetBasket(state.basket)), problems: [], deliveryMethod: null, ui: { ...state.ui, basketError: false } }
    case 'couponAdd':
      return withBasket(state, { ...state.basket, couponCode: addCoupon(state.basket.couponCode, action.code) })
    case 'couponChecked': {
      // A verdict for a code the customer has since replaced or removed is stale.
      const current = state.basket.couponCode
      if (!current || !action.coupon || current.code !== action.coupon.code) return state
      return withBasket(state, { ...state.basket, couponCode: action.coupon })
    }
    case 'couponRemove':
      return withBasket(state, { ...state.basket, couponCode: removeCoupon(state.basket.couponCode) })
    case 'reconcile': {
      const { basket, problems } = reconcileBasket(state.basket, action.fresh)
      const all = mergeProblems(problems, action.serverProblems ?? [])
      const changed = JSON.stringify(basket.items) !== JSON.stringify(state.basket.items)
      const next = changed ? { ...state, basket, touched: true } : state
      if (all.length === 0) return next
      // Problems the customer has not yet closed stay beside the new ones (a line dropped as gone while another
      // line's price changed is two things to tell, not one).
      const unread = next.ui.basketError ? next.problems : []
      return { ...next, problems: mergeProblems(all, unread), ui: { ...next.ui, basketError: true } }
    }
    case 'dropGone': {
      const gone = state.basket.items.filter((i) => action.itemIds.includes(i.itemId))
      if (gone.length === 0) return state
      const problems: BasketProblem[] = gone.map((i) => ({
        kind: 'product_gone',
        itemId: i.itemId,
        name: i.product.name,
        message: `${i.product.name} is no longer available and has been removed from your basket.`,
      }))
      const basket = { ...state.basket, items: state.basket.items.filter((i) => !action.itemIds.includes(i.itemId)) }
      return { ...withBasket(state, basket), problems: mergeProblems(state.problems, problems), ui: { ...state.ui, basketError: true } }
    }
    case 'replaceBasket':
      return withBasket(state, action.basket)
    case 'chooseDelivery':
      return state.deliveryMethod === action.method ? state : { ...state, deliveryMethod: action.method, touched: true }
    case 'show':
      return setFlag(state, action.flag, true)
    case 'hide': {
      const hidden = setFlag(state, action.flag, false)
      // Dismissing the basket error means the customer has read it.
      return action.flag === 'basketError' && hidden.problems.length ? { ...hidden, problems: [] } : hidden
    }
  }
}

/** Reconciling finds problems in the stored copy; the server adds those it found (e.g. an id it no longer knows). */
function mergeProblems(a: readonly BasketProblem[], b: readonly BasketProblem[]): BasketProblem[] {
  const seen = new Set(a.map((p) => `${p.kind}:${p.itemId}`))
  return [...a, ...b.filter((p) => !seen.has(`${p.kind}:${p.itemId}`) && !(p.kind === 'product_gone' && a.some((q) => q.itemId === p.itemId)))]
}

/** What the server is asked about: ids and counts only. Ids that are not positive whole numbers cannot be priced. */
export function pricingLines(basket: Basket): { productId: number; variantId: number | null; count: number }[] {
  return basket.items.flatMap((i) => {
    const productId = Number(i.product.productId)
    const variantId = i.product.variantId === undefined ? null : Number(i.product.variantId)
    if (!Number.isSafeInteger(productId) || productId < 1 || (variantId !== null && (!Number.isSafeInteger(variantId) || variantId < 1))) return []
    return [{ productId, variantId, count: i.count }]
  })
}

export interface LineCount {
  readonly productId: number
  readonly variantId: number | null
  readonly count: number
}

/**
 * Sign-in merge of the browser's basket and the one saved on the customer's account: every line of either,
 * with the larger count where both have it (never the sum: the same helmet added on two devices is one
 * helmet). Stock caps the counts afterwards, when the merged lines are priced.
 */
export function mergeLineCounts(stored: readonly LineCount[], saved: readonly LineCount[]): LineCount[] {
  const key = (l: LineCount) => `${l.productId}:${l.variantId ?? ''}`
  const merged = new Map<string, LineCount>()
  for (const l of [...stored, ...saved]) {
    const existing = merged.get(key(l))
    if (!existing || l.count > existing.count) merged.set(key(l), { productId: l.productId, variantId: l.variantId ?? null, count: l.count })
  }
  return [...merged.values()]
}
