// What the basket, delivery and checkout views show before there is a priced basket to show: the stored basket
// still loading, an empty basket (or a step that cannot be taken yet), and pricing under way or failed.
import type { ReactNode } from 'react'
import type { PricingState } from '../use-basket-pricing'

export function BasketLoading() {
  return <p className="basket-loading">Loading your basket…</p>
}

export function BasketNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="basket-empty">
      <h2>{title}</h2>
      {children}
    </div>
  )
}

/** Pricing failed (its message, as an alert) or is still running (`waiting`). */
export function PricingPending({ pricing, waiting }: { pricing: PricingState; waiting: string }) {
  return pricing.status === 'error' ? (
    <p role="alert" className="basket-problem">
      {pricing.message}
    </p>
  ) : (
    <p className="basket-loading">{waiting}</p>
  )
}
