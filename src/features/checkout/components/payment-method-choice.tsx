'use client'
// How the customer pays: by card, or with Klarna's Pay in 3 where it suits the basket. An unavailable Pay in 3 says
// why (the basket's kinds or total); the chosen Pay in 3 shows its instalments, the lender and what a missed
// payment means before the order is placed (ADR 052).
import type { PayLaterVerdict } from '../../../domain/payments/pay-later'
import { InstalmentList, PAY_IN_3_LENDER, PAY_IN_3_MISSED } from '../../payments/components/pay-in-3-terms'

export type PaymentMethod = 'card' | 'klarna'

export function PaymentMethodChoice({ payLater, method, onChange }: { payLater?: PayLaterVerdict; method: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  const klarna = payLater?.available === true
  return (
    <fieldset className="payment-method">
      <legend>How would you like to pay?</legend>
      <div className="checkbox payment-method__option">
        <input id="pay-card" type="radio" name="paymentMethod" value="card" checked={method === 'card'} onChange={() => onChange('card')} aria-describedby="pay-card-hint" />
        <label htmlFor="pay-card">Card</label>
        <p className="field__hint" id="pay-card-hint">You pay the full amount on our card payment page next; your card details never pass through this site.</p>
      </div>
      <div className="checkbox payment-method__option">
        <input id="pay-klarna" type="radio" name="paymentMethod" value="klarna" checked={method === 'klarna'} disabled={!klarna} onChange={() => onChange('klarna')} aria-describedby="pay-klarna-hint" />
        <label htmlFor="pay-klarna">Pay in 3 with Klarna</label>
        <div className="field__hint" id="pay-klarna-hint">
          {!payLater ? (
            <p>Checking whether Pay in 3 suits this basket…</p>
          ) : payLater.available ? (
            <>
              <p>Three interest-free payments, the first today, on Klarna’s page next:</p>
              {method === 'klarna' && <InstalmentList instalments={payLater.instalments} />}
              {method === 'klarna' && <p>{PAY_IN_3_LENDER} {PAY_IN_3_MISSED}</p>}
            </>
          ) : (
            <p data-testid="pay-in-3-reason">{payLater.message}</p>
          )}
        </div>
      </div>
    </fieldset>
  )
}
