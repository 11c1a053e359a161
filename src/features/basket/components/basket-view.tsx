'use client'
// /basket: the lines with fresh prices, plus and minus within stock, remove, the coupon, the basket error,
// additional services, the shipping fee, the Klarna modal and the way on to delivery options.
import { basketUnitCount, canIncrement, type BasketItem } from '../../../domain/basket/basket'
import type { ProductKind } from '../../../domain/catalogue/product-kind'
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'
import { dispatchShop, useShopState } from '../basket-store'
import type { PricedLineJson } from '../pricing-contract'
import { pricedOrPrevious, useBasketPricing } from '../use-basket-pricing'
import { BasketSummary } from './basket-summary'
import { BasketError } from './basket-error'
import { BasketLoading, BasketNotice, PricingPending } from './basket-states'
import { CouponForm } from './coupon-form'
import { KlarnaModal } from './klarna-modal'

const SERVICES: Partial<Record<ProductKind, string>> = {
  motorcycle: 'Pre-delivery inspection (PDI), registration and number plates, a tank of fuel and a walk-round handover with our technician. Included in the price.',
  scooter: 'Pre-delivery inspection (PDI), registration and number plates, a tank of fuel and a walk-round handover with our technician. Included in the price.',
  bicycle: 'Built and safety-checked by our workshop, with saddle and bar set to your height when you collect. Included in the price.',
  'e-bike': 'Built and safety-checked by our workshop, battery charged, with a run-through of the motor and display when you collect. Included in the price.',
}

function BasketLine({ item, fresh, canPlus }: { item: BasketItem; fresh: PricedLineJson | undefined; canPlus: boolean }) {
  const dispatch = dispatchShop
  const stock = fresh?.stockQuantity ?? item.product.stockQuantity
  const atStock = !canPlus
  const reasonId = `stock-${item.itemId.replace(/[^a-zA-Z0-9]/g, '-')}`
  return (
    <li className="basket-line">
      {item.product.image ? (
        <img className="basket-line__image" src={item.product.image.url} alt="" width={120} height={90} loading="lazy" />
      ) : (
        <span className="basket-line__image basket-line__image--none" aria-hidden="true" />
      )}
      <div className="basket-line__info">
        <h3 className="basket-line__name">
          <a href={paths.product(item.product.slug)}>{item.product.name}</a>
        </h3>
        <p className="basket-line__meta">
          SKU {item.product.sku} · {fresh ? `${formatPence(fresh.pricePence)} each` : 'checking price…'}
        </p>
        <div className="basket-line__controls">
          <div className="stepper" role="group" aria-label={`Quantity of ${item.product.name}`}>
            <button type="button" className="stepper__button" aria-label={`One fewer ${item.product.name}`} onClick={() => dispatch({ type: 'decrement', itemId: item.itemId })}>
              <span aria-hidden="true">−</span>
            </button>
            <output className="stepper__count" aria-live="polite" data-testid="line-count">
              {item.count}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label={`One more ${item.product.name}`}
              aria-describedby={atStock ? reasonId : undefined}
              disabled={atStock}
              onClick={() => dispatch({ type: 'increment', itemId: item.itemId })}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button type="button" className="link-button link-button--ink" onClick={() => dispatch({ type: 'remove', itemId: item.itemId })}>
            Remove<span className="visually-hidden"> {item.product.name}</span>
          </button>
        </div>
        {atStock && (
          <p className="basket-line__stock" id={reasonId}>
            {stock === 1 ? 'Only 1 in stock: you have it.' : `Only ${stock} in stock: you have them all.`}
          </p>
        )}
      </div>
      <p className="basket-line__total">{fresh ? formatPence(fresh.lineTotalPence) : ''}</p>
    </li>
  )
}

export function BasketView() {
  const state = useShopState()
  const pricing = useBasketPricing(state)
  const priced = pricedOrPrevious(pricing)
  const dispatch = dispatchShop

  if (!state.hydrated) return <BasketLoading />

  if (state.basket.items.length === 0) {
    return (
      <>
        <BasketError state={state} />
        <BasketNotice title="Your basket is empty">
          <p>Browse our bikes, rider wear and accessories and add what you like; your basket is kept on this device.</p>
          <p>
            <a className="button button--solid" href={paths.allBikes()}>
              Browse all bikes
            </a>
          </p>
        </BasketNotice>
      </>
    )
  }

  const freshById = new Map(priced?.lines.map((l) => [l.itemId, l]))
  const kinds = new Set(priced?.lines.map((l) => l.kind))
  const services = [...kinds].flatMap((k) => (SERVICES[k] ? [{ kind: k, text: SERVICES[k] }] : []))
  const units = basketUnitCount(state.basket)
  return (
    <div className="basket">
      <BasketError state={state} />
      <div className="basket__grid">
        <section aria-labelledby="basket-lines-title">
          <h2 id="basket-lines-title" className="visually-hidden">
            {units} {units === 1 ? 'item' : 'items'} in your basket
          </h2>
          <ul className="basket-lines">
            {state.basket.items.map((item) => (
              <BasketLine key={item.itemId} item={item} fresh={freshById.get(item.itemId)} canPlus={canIncrement(state.basket, item.itemId)} />
            ))}
          </ul>

          {services.length > 0 && (
            <div className="basket-extra">
              <button type="button" className="disclosure" aria-expanded={state.ui.additionalServices} aria-controls="basket-services" onClick={() => dispatch({ type: state.ui.additionalServices ? 'hide' : 'show', flag: 'additionalServices' })}>
                {state.ui.additionalServices ? 'Hide' : 'Show'} additional services
              </button>
              <ul id="basket-services" className="basket-extra__list" hidden={!state.ui.additionalServices}>
                {services.map((s) => (
                  <li key={s.kind}>
                    <strong>{s.kind === 'e-bike' ? 'E-bikes' : `${s.kind[0]!.toUpperCase()}${s.kind.slice(1)}s`}:</strong> {s.text}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <aside className="basket__side">
          <CouponForm coupon={state.basket.couponCode} discountPence={priced?.totals.discountPence ?? 0} checking={pricing.status === 'loading'} />
          {priced ? (
            <>
              <BasketSummary priced={priced} busy={pricing.status === 'loading'} />
              <div className="basket-extra">
                <button type="button" className="disclosure" aria-expanded={state.ui.shippingFee} aria-controls="basket-shipping" onClick={() => dispatch({ type: state.ui.shippingFee ? 'hide' : 'show', flag: 'shippingFee' })}>
                  {state.ui.shippingFee ? 'Hide' : 'Show'} delivery costs
                </button>
                <ul id="basket-shipping" className="basket-extra__list" hidden={!state.ui.shippingFee}>
                  {priced.deliveryOptions.map((o) => (
                    <li key={o.method}>
                      {o.label}: <strong>{o.feePence === null ? 'quoted by the dealer' : o.feePence === 0 ? 'Free' : formatPence(o.feePence)}</strong>
                    </li>
                  ))}
                </ul>
              </div>
              <a className="button button--solid button--wide" href={paths.basketDeliveryOptions()}>
                Choose delivery
              </a>
              <button type="button" className="link-button link-button--ink" onClick={() => dispatch({ type: 'show', flag: 'klarnaModal' })}>
                Can I pay later or monthly?
              </button>
            </>
          ) : (
            <PricingPending pricing={pricing} waiting="Checking prices and stock…" />
          )}
        </aside>
      </div>
      <KlarnaModal open={state.ui.klarnaModal} lines={priced?.lines ?? []} payLater={priced?.payLater} />
    </div>
  )
}
