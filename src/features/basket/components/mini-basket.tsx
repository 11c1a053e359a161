'use client'
// The mini basket in the header (spec §3, §4): a count badge that opens a panel with the lines and fresh totals.
import { useEffect, useRef } from 'react'
import { basketUnitCount } from '../../../domain/basket/basket'
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'
import { shopStore, useShopState } from '../basket-store'
import { useSavedBasketSync } from '../saved-basket-sync'
import { pricedOrPrevious, useBasketPricing } from '../use-basket-pricing'
// Its stylesheet is imported by MiniBasketIsland, which every page loads at once (this code comes later).

export function MiniBasket() {
  const state = useShopState()
  const open = state.ui.miniBasket
  const pricing = useBasketPricing(state, { enabled: open })
  const priced = pricedOrPrevious(pricing)
  const units = basketUnitCount(state.basket)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  useSavedBasketSync()

  useEffect(() => {
    if (!open) return
    const hide = () => shopStore().dispatch({ type: 'hide', flag: 'miniBasket' })
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        hide()
        toggle.current?.focus()
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) hide()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const label = state.hydrated ? `Basket, ${units} ${units === 1 ? 'item' : 'items'}` : 'Basket'
  return (
    <div className="mini-basket" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="mini-basket__toggle"
        aria-expanded={open}
        aria-controls="mini-basket-panel"
        aria-label={label}
        onClick={() => shopStore().dispatch({ type: open ? 'hide' : 'show', flag: 'miniBasket' })}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 7h12l-1 13H7L6 7z" />
          <path d="M9 7a3 3 0 0 1 6 0" />
        </svg>
        <span className="mini-basket__word">Basket</span>
        {state.hydrated && units > 0 && (
          <span className="mini-basket__badge" data-testid="basket-count">
            {units}
          </span>
        )}
      </button>
      <div id="mini-basket-panel" className="mini-basket__panel" hidden={!open}>
        <h2 className="mini-basket__title">Your basket</h2>
        {state.basket.items.length === 0 ? (
          <p>Your basket is empty.</p>
        ) : (
          <>
            <ul className="mini-basket__lines">
              {state.basket.items.map((item) => {
                const fresh = priced?.lines.find((l) => l.itemId === item.itemId)
                return (
                  <li key={item.itemId}>
                    <span>
                      {item.count} × {item.product.name}
                    </span>
                    <span>{fresh ? formatPence(fresh.lineTotalPence) : '…'}</span>
                  </li>
                )
              })}
            </ul>
            <p className="mini-basket__total" aria-live="polite">
              {priced ? (
                <>
                  Total <strong>{formatPence(priced.totals.totalPence)}</strong> <span className="muted">inc. VAT</span>
                </>
              ) : pricing.status === 'error' ? (
                pricing.message
              ) : (
                'Checking prices…'
              )}
            </p>
            <p className="mini-basket__actions">
              <a className="button button--ink" href={paths.basket()}>
                View basket
              </a>
              <a className="button button--solid" href={paths.checkout()}>
                Checkout
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  )
}
