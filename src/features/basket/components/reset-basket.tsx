'use client'
// Empties the basket once the order is paid (spec §4 "reset"): rendered by /payment-success. A failed payment
// keeps the basket, so the customer can try again without refilling it.
import { useEffect } from 'react'
import { dispatchWhenReady } from '../basket-store'

export function ResetBasket() {
  useEffect(() => {
    void dispatchWhenReady({ type: 'reset' })
  }, [])
  return null
}
