'use client'
// Empties the browser's stored basket once the payment is confirmed (other store slices are kept). The stored-copy
// codec brings zod, so it loads after the page rather than with it.
import { useEffect } from 'react'
import { STORE_STORAGE_KEY } from '../../../config/browser-storage'
import { EMPTY_BASKET } from '../../../domain/basket/basket'

export function ClearBasket({ orderNumber }: { orderNumber: string }) {
  useEffect(() => {
    let cancelled = false
    void import('../../basket/basket-storage').then(({ storeWithBasket }) => {
      if (cancelled) return
      try {
        window.localStorage.setItem(STORE_STORAGE_KEY, storeWithBasket(window.localStorage.getItem(STORE_STORAGE_KEY), EMPTY_BASKET))
        window.dispatchEvent(new CustomEvent('wheelhouse:basket-cleared', { detail: { orderNumber } }))
      } catch {
        // Storage unavailable (private mode): there is no stored basket to clear.
      }
    })
    return () => {
      cancelled = true
    }
  }, [orderNumber])
  return null
}
