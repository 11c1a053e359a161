'use client'
// /basket/delivery-options: home delivery at the flat rate, free collection from the dealer's shop, or, for a
// basket with a motorcycle or scooter, dealer delivery or collection (ADR 004). The choice is kept in the store.
import { useState, type FormEvent } from 'react'
import type { DeliveryMethod } from '../../../domain/delivery/delivery'
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'
import { shopStore, useShopState } from '../basket-store'
import { pricedOrPrevious, useBasketPricing } from '../use-basket-pricing'
import { BasketError } from './basket-error'
import { BasketSummary } from './basket-summary'
import { BasketLoading, BasketNotice, PricingPending } from './basket-states'

export function DeliveryOptionsView() {
  const state = useShopState()
  const pricing = useBasketPricing(state)
  const priced = pricedOrPrevious(pricing)
  const [error, setError] = useState<string | null>(null)

  if (!state.hydrated) return <BasketLoading />
  if (state.basket.items.length === 0) {
    return (
      <BasketNotice title="Your basket is empty">
        <p>
          Add something to your basket first. <a href={paths.allBikes()}>Browse all bikes</a>
        </p>
      </BasketNotice>
    )
  }
  if (!priced) return <PricingPending pricing={pricing} waiting="Checking delivery options…" />

  const chosen = priced.deliveryOptions.some((o) => o.method === state.deliveryMethod) ? state.deliveryMethod : null
  const handover = priced.deliveryOptions.some((o) => o.method === 'dealer_delivery')

  function choose(method: DeliveryMethod) {
    setError(null)
    shopStore().dispatch({ type: 'chooseDelivery', method })
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!chosen) {
      setError('Choose how you would like to receive your order.')
      document.getElementById('delivery-first')?.focus()
      return
    }
    window.location.assign(paths.checkout())
  }

  return (
    <div className="basket__grid">
      <div>
        <BasketError state={state} />
        <form onSubmit={submit} noValidate className="delivery-form">
          <fieldset className="delivery-options" aria-describedby={error ? 'delivery-error' : undefined} aria-invalid={error ? true : undefined}>
            <legend>How would you like to receive your order?</legend>
            {error && (
              <p id="delivery-error" className="field__error" role="alert">
                {error}
              </p>
            )}
            {handover && (
              <p className="delivery-note">
                Motorcycles and scooters are never sent by courier: we prepare, register and hand them over ourselves, at our shop or at your
                door, and anything else in your basket comes with them.
              </p>
            )}
            {priced.deliveryOptions.map((o, i) => (
              <label key={o.method} className="delivery-option">
                <input id={i === 0 ? 'delivery-first' : undefined} type="radio" name="delivery" value={o.method} checked={chosen === o.method} onChange={() => choose(o.method)} />
                <span className="delivery-option__text">
                  <span className="delivery-option__label">
                    {o.label}
                    <span className="delivery-option__fee">{o.feePence === null ? 'Price agreed with you' : o.feePence === 0 ? 'Free' : formatPence(o.feePence)}</span>
                  </span>
                  <span className="delivery-option__description">{o.description}</span>
                  {o.method === 'free' && priced.pickupLocation && (
                    <span className="delivery-option__address">
                      Collect from {priced.pickupLocation.name}, {priced.pickupLocation.lines.join(', ')}
                    </span>
                  )}
                  {o.addressSource === 'customer' && <span className="delivery-option__address">To the address you enter at checkout.</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="delivery-form__actions">
            <a href={paths.basket()}>Back to basket</a>
            <button type="submit" className="button button--solid">
              Continue to checkout
            </button>
          </div>
        </form>
      </div>
      <aside className="basket__side">
        <BasketSummary priced={priced} busy={pricing.status === 'loading'} title="Order summary" />
      </aside>
    </div>
  )
}
