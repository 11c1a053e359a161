'use client'
// A signed-in customer's basket follows them: when a session appears, the browser's basket and the one saved
// on the account are merged (larger count per line, capped at stock by pricing them), and later changes are saved.
import { useEffect } from 'react'
import { itemIdFor, type Basket, type BasketItem } from '../../domain/basket/basket'
import { shopStore } from './basket-store'
import { snapshotOf, type PricedLineJson } from './pricing-contract'
import { mergeLineCounts, pricingLines, type LineCount } from './store-state'
import { fetchPricing, UnknownProductsError } from './use-basket-pricing'
import { loadSavedBasket, saveBasket, whoIsSignedIn } from './api/saved-basket'

const MERGED_FOR = 'wheelhouse.basketMergedFor'
const SAVE_DELAY_MS = 800

/** The basket the priced lines describe: fresh snapshots, counts already capped at stock by the server. */
export function basketFromPricedLines(lines: readonly PricedLineJson[], couponCode: Basket['couponCode']): Basket {
  const items: BasketItem[] = lines.map((l) => {
    const product = snapshotOf(l) as BasketItem['product']
    return { itemId: itemIdFor(product), product, count: l.count, updatedStock: Math.max(0, l.stockQuantity) - l.count, addedItemCount: 0 }
  })
  return { items, couponCode }
}

async function putSaved(lines: LineCount[]) {
  await saveBasket({ lines })
}

async function mergeAtSignIn(userId: string) {
  const store = shopStore()
  const answer = await loadSavedBasket()
  if (!answer.ok) return false
  const saved = answer.body
  const current = store.getState().basket
  const merged = mergeLineCounts(pricingLines(current), saved.lines)
  if (merged.length > 0) {
    const priced = await fetchPricing({ lines: merged, couponCode: null, deliveryMethod: null }).catch(async (error: unknown) => {
      // A saved line for something no longer sold is left out; the rest is priced again.
      if (!(error instanceof UnknownProductsError)) throw error
      const known = merged.filter((l) => !error.itemIds.includes(l.variantId ? `${l.productId}:${l.variantId}` : String(l.productId)))
      return known.length ? fetchPricing({ lines: known, couponCode: null, deliveryMethod: null }) : { lines: [] }
    })
    // The basket may have changed while we asked; a change made meanwhile wins over the merge.
    if (store.getState().basket === current) store.dispatch({ type: 'replaceBasket', basket: basketFromPricedLines(priced.lines, current.couponCode) })
  }
  await putSaved(pricingLines(store.getState().basket))
  window.sessionStorage.setItem(MERGED_FOR, userId)
  return true
}

/** Runs once per page: finds out whether someone is signed in, merges at sign-in, then saves changes. */
export function useSavedBasketSync() {
  useEffect(() => {
    let cancelled = false
    let unsubscribe: () => void = () => {}
    let timer: ReturnType<typeof setTimeout> | undefined
    const store = shopStore()
    store.start()
    void (async () => {
      try {
        await store.whenHydrated()
        const me = await whoIsSignedIn()
        const user = me.ok ? me.body.user : null
        if (!user || cancelled) {
          if (!user) window.sessionStorage.removeItem(MERGED_FOR)
          return
        }
        const userId = String(user.id)
        if (window.sessionStorage.getItem(MERGED_FOR) !== userId && !(await mergeAtSignIn(userId))) return
        if (cancelled) return
        let last = store.getState().basket.items
        unsubscribe = store.subscribe(() => {
          const items = store.getState().basket.items
          if (items === last) return
          last = items
          clearTimeout(timer)
          timer = setTimeout(() => void putSaved(pricingLines(store.getState().basket)).catch(() => {}), SAVE_DELAY_MS)
        })
      } catch (error) {
        console.warn('basket: could not sync the saved basket', error)
      }
    })()
    return () => {
      cancelled = true
      clearTimeout(timer)
      unsubscribe()
    }
  }, [])
}
