'use client'
// Empties the browser's stored basket once the payment is confirmed (other store slices are kept).
import { useEffect } from 'react'
import { EMPTY_BASKET } from '../../../domain/basket/basket'
import { STORE_STORAGE_KEY, storeWithBasket } from '../../basket/basket-storage'

export function ClearBasket({ orderNumber }: { orderNumber: string }) {
  useEffect(() => {
    try {
      window.localStorage.setItem(STORE_STORAGE_KEY, storeWithBasket(window.localStorage.getItem(STORE_STORAGE_KEY), EMPTY_BASKET))
      window.dispatchEvent(new CustomEvent('wheelhouse:basket-cleared', { detail: { orderNumber } }))
    } catch {
      // Storage unavailable (private mode): there is no stored basket to clear.
    }
  }, [orderNumber])
  return null
}
