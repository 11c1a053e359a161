// Where the customer is in the checkout flow (spec §4: basket, delivery options, checkout, then payment).
import { paths } from '../../../config/paths'

const STEPS = [
  { id: 'basket', label: 'Basket', href: paths.basket() },
  { id: 'delivery', label: 'Delivery', href: paths.basketDeliveryOptions() },
  { id: 'checkout', label: 'Details', href: paths.checkout() },
  { id: 'payment', label: 'Payment', href: null },
] as const

export function CheckoutSteps({ current }: { current: (typeof STEPS)[number]['id'] }) {
  const at = STEPS.findIndex((s) => s.id === current)
  return (
    <nav aria-label="Checkout steps" className="checkout-steps">
      <ol>
        {STEPS.map((s, i) => (
          <li key={s.id} className={i === at ? 'is-current' : i < at ? 'is-done' : undefined}>
            {i < at && s.href ? (
              <a href={s.href}>{s.label}</a>
            ) : (
              <span aria-current={i === at ? 'step' : undefined}>{s.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
