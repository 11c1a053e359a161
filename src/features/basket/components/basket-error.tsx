'use client'
// The basket error (spec §3, §4): what changed in price or stock since the items were added.
import { shopStore } from '../basket-store'
import type { ShopState } from '../store-state'

export function BasketError({ state }: { state: ShopState }) {
  if (!state.ui.basketError || state.problems.length === 0) return null
  return (
    <div className="basket-error" role="alert" aria-labelledby="basket-error-title">
      <h2 id="basket-error-title">Your basket has changed</h2>
      <ul>
        {state.problems.map((p) => (
          <li key={`${p.kind}:${p.itemId}`}>{p.message}</li>
        ))}
      </ul>
      <button type="button" className="button button--ink" onClick={() => shopStore().dispatch({ type: 'hide', flag: 'basketError' })}>
        OK, got it
      </button>
    </div>
  )
}
