// The checkout's side column: the order's lines and how it arrives, with a link to change that, then the basket's
// money summary; while prices are first being checked, what is happening instead.
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'
import { BasketSummary } from '../../basket/components/basket-summary'
import { PricingPending } from '../../basket/components/basket-states'
import type { PricingState } from '../../basket/use-basket-pricing'
import type { BasketPricingResponse } from '../../basket/pricing-contract'

export function CheckoutOrder({ priced, pricing }: { priced: BasketPricingResponse | null; pricing: PricingState }) {
  return (
    <aside className="basket__side">
      {priced ? (
        <>
          <section aria-labelledby="checkout-items-title" className="checkout-items">
            <h2 id="checkout-items-title">Your order</h2>
            <ul>
              {priced.lines.map((l) => (
                <li key={l.itemId}>
                  <span>
                    {l.count} × {l.name}
                  </span>
                  <span>{formatPence(l.lineTotalPence)}</span>
                </li>
              ))}
            </ul>
            {priced.delivery && (
              <p className="muted">
                {priced.delivery.label}
                {priced.delivery.method === 'free' && priced.pickupLocation ? `: ${priced.pickupLocation.name}, ${priced.pickupLocation.lines.join(', ')}` : ''}.{' '}
                <a href={paths.basketDeliveryOptions()}>Change</a>
              </p>
            )}
          </section>
          <BasketSummary priced={priced} busy={pricing.status === 'loading'} title="Order summary" />
        </>
      ) : (
        <PricingPending pricing={pricing} waiting="Checking prices and stock…" />
      )}
    </aside>
  )
}
