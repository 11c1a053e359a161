// The money part of the basket, checkout and mini basket: subtotal, discount, shipping ("Free" at 0), total, and the
// VAT it holds per rate, what is outside the scope of VAT, and a margin-scheme note without a figure (ADR 044).
import { VatRows } from '../../../components/ui/vat-rows'
import { formatPence } from '../../../domain/money'
import type { BasketPricingResponse } from '../pricing-contract'

export function shippingText(priced: BasketPricingResponse): string {
  if (priced.totals.shippingToBeQuoted) return 'Quoted by the dealer'
  if (!priced.delivery) {
    const fees = priced.deliveryOptions.map((o) => o.feePence)
    if (fees.length > 0 && fees.every((f) => f === 0)) return 'Free'
    return fees.includes(0) ? 'Free to collect' : 'Chosen at the next step'
  }
  return priced.totals.shippingPence === 0 ? 'Free' : formatPence(priced.totals.shippingPence)
}

export function BasketSummary({ priced, busy, title = 'Summary' }: { priced: BasketPricingResponse; busy: boolean; title?: string }) {
  const t = priced.totals
  return (
    <section className="basket-summary" aria-labelledby="basket-summary-title" aria-busy={busy}>
      <h2 id="basket-summary-title">{title}</h2>
      <dl className="basket-summary__rows" aria-live="polite">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="subtotal">{formatPence(t.subtotalPence)}</dd>
        </div>
        {t.discountPence > 0 && (
          <div className="basket-summary__discount">
            <dt>Discount{priced.coupon?.status === 'applied' ? ` (${priced.coupon.code})` : ''}</dt>
            <dd data-testid="discount">−{formatPence(t.discountPence)}</dd>
          </div>
        )}
        <div>
          <dt>{priced.delivery ? priced.delivery.label : 'Shipping'}</dt>
          <dd data-testid="shipping">{shippingText(priced)}</dd>
        </div>
        <div className="basket-summary__total">
          <dt>Total</dt>
          <dd data-testid="total">{formatPence(t.totalPence)}</dd>
        </div>
        <VatRows breakdown={t.vatBreakdown} vatPence={t.vatPence} className="basket-summary__vat" />
      </dl>
    </section>
  )
}
