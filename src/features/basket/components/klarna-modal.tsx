'use client'
// The Klarna modal (spec §3, §4): the truth about paying later for this basket. Whether Klarna's Pay in 3 suits
// it (and if not, why), the three instalments to the penny, that Klarna is the lender and what a missed payment
// means; bikes that need regulated finance are pointed to the shop's finance quote instead (ADR 052).
import { useCallback } from 'react'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import type { PayLaterVerdict } from '../../../domain/payments/pay-later'
import type { ProductKind } from '../../../domain/catalogue/product-kind'
import { FINANCEABLE_KINDS } from '../../../domain/finance/product-monthly-estimate'
import { InstalmentList, PAY_IN_3_LENDER, PAY_IN_3_MISSED } from '../../payments/components/pay-in-3-terms'
import { shopStore } from '../basket-store'
import { Modal } from './modal'

export function KlarnaModal({ open, lines, payLater }: { open: boolean; lines: readonly { slug: string; name: string; kind: ProductKind }[]; payLater?: PayLaterVerdict }) {
  const close = useCallback(() => shopStore().dispatch({ type: 'hide', flag: 'klarnaModal' }), [])
  const financeable = lines.filter((l) => FINANCEABLE_KINDS.includes(l.kind))
  return (
    <Modal open={open} onClose={close} titleId="klarna-title" className="klarna-modal">
      <h2 id="klarna-title">Paying later or monthly</h2>
      {!payLater ? (
        <p>Checking what this basket can be paid with…</p>
      ) : payLater.available ? (
        <section aria-labelledby="klarna-pay-in-3" data-testid="pay-in-3-available">
          <h3 id="klarna-pay-in-3">Pay in 3 with Klarna: available for this basket</h3>
          <p>
            Pay {formatPence(payLater.totalPence)} in three interest-free payments. Choose “Pay in 3 with Klarna” at checkout.
          </p>
          <InstalmentList instalments={payLater.instalments} />
          <p>Total: {formatPence(payLater.totalPence)}, the same as paying by card. No interest and no fees if you pay on time.</p>
          <p>{PAY_IN_3_LENDER}</p>
          <p>{PAY_IN_3_MISSED}</p>
        </section>
      ) : (
        <section aria-labelledby="klarna-pay-in-3" data-testid="pay-in-3-unavailable">
          <h3 id="klarna-pay-in-3">Pay in 3 with Klarna: not available for this basket</h3>
          <p>{payLater.message}</p>
        </section>
      )}
      <h3>Finance on motorcycles, scooters and e-bikes</h3>
      <p>
        For bikes we arrange hire purchase with a lender: you pay a deposit and monthly instalments, and the bike is yours after the last
        one. Finance is subject to status and affordability checks; you see the full quote, APR and total amount payable before you agree
        to anything.
      </p>
      {financeable.length > 0 ? (
        <ul className="klarna-modal__links">
          {financeable.map((l) => (
            <li key={l.slug}>
              <a href={paths.financeCheckoutProduct(l.slug)}>Get a finance quote for {l.name}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing in your basket needs finance: it is offered on motorcycles, scooters and e-bikes.</p>
      )}
      <p>
        <a href={paths.page('finance')}>How finance works at Wheelhouse</a>
      </p>
      <button type="button" className="button button--solid" onClick={close}>
        Close
      </button>
    </Modal>
  )
}
