'use client'
// Prices the stored basket on the server whenever its lines, coupon or delivery change (prices are never
// trusted from storage), then brings the fresh snapshots and the coupon verdict back into the store.
import { useEffect, useState } from 'react'
import type { DeliveryMethod } from '../../domain/delivery/delivery'
import { priceBasket } from './api/price-basket'
import { shopStore } from './basket-store'
import { snapshotOf, type BasketPricingResponse } from './pricing-contract'
import { pricingLines, type ShopState } from './store-state'

export type PricingState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly previous: BasketPricingResponse | null }
  | { readonly status: 'ready'; readonly priced: BasketPricingResponse }
  | { readonly status: 'error'; readonly message: string }

/** The shop refused lines it cannot sell; `itemIds` name them. */
export class UnknownProductsError extends Error {
  constructor(
    message: string,
    readonly itemIds: readonly string[],
  ) {
    super(message)
  }
}

export async function fetchPricing(body: { lines: ReturnType<typeof pricingLines>; couponCode: string | null; deliveryMethod: DeliveryMethod | null }, signal?: AbortSignal): Promise<BasketPricingResponse> {
  const answer = await priceBasket(body, signal)
  if (answer.ok) return answer.body
  const refusal = answer.body
  if (answer.status === 422 && refusal?.error === 'unknown_products' && Array.isArray(refusal.itemIds)) throw new UnknownProductsError(refusal.message ?? '', refusal.itemIds as string[])
  throw new Error(refusal?.message ?? `The basket could not be priced (${answer.status}).`)
}

/** Brings a pricing answer into the store: fresh snapshots (reconcile → basket error) and the coupon's verdict. */
export function applyPricing(priced: BasketPricingResponse) {
  const store = shopStore()
  store.dispatch({ type: 'reconcile', fresh: priced.lines.map(snapshotOf), serverProblems: priced.problems })
  store.dispatch({ type: 'couponChecked', coupon: priced.coupon })
}

/**
 * `enabled` false skips the request (e.g. the mini basket while closed). `deliveryMethod` undefined uses the
 * stored choice.
 */
export function useBasketPricing(state: ShopState, options: { enabled?: boolean; deliveryMethod?: DeliveryMethod | null } = {}): PricingState {
  const enabled = options.enabled ?? true
  const lines = pricingLines(state.basket)
  const couponCode = state.basket.couponCode?.code ?? null
  const deliveryMethod = options.deliveryMethod === undefined ? state.deliveryMethod : options.deliveryMethod
  const key = JSON.stringify({ lines, couponCode, deliveryMethod })
  const [result, setResult] = useState<{ key: string; state: PricingState }>({ key: '', state: { status: 'idle' } })

  useEffect(() => {
    if (!enabled || !state.hydrated) return
    const body = JSON.parse(key) as Parameters<typeof fetchPricing>[0]
    if (body.lines.length === 0) return
    const controller = new AbortController()
    fetchPricing(body, controller.signal)
      .then((priced) => {
        setResult({ key, state: { status: 'ready', priced } })
        applyPricing(priced)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof UnknownProductsError) {
          // Dropping the lines changes the key, which asks again for what is left.
          shopStore().dispatch({ type: 'dropGone', itemIds: error.itemIds })
          return
        }
        setResult({ key, state: { status: 'error', message: error instanceof Error ? error.message : 'The basket could not be priced.' } })
      })
    return () => controller.abort()
  }, [key, enabled, state.hydrated])

  if (!enabled || lines.length === 0) return { status: 'idle' }
  if (result.key === key) return result.state
  // While a new answer is on its way, the last one stays on screen (marked busy) rather than flashing empty.
  return { status: 'loading', previous: result.state.status === 'ready' ? result.state.priced : null }
}

export function pricedOrPrevious(pricing: PricingState): BasketPricingResponse | null {
  if (pricing.status === 'ready') return pricing.priced
  if (pricing.status === 'loading') return pricing.previous
  return null
}
