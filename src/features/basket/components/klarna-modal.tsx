'use client'
// The Klarna modal (spec §3): what paying later would mean, told honestly: this shop has no pay-later
// provider at checkout; what it offers is hire purchase on bikes, through a lender, subject to status.
import { useCallback } from 'react'
import { paths } from '../../../config/paths'
import type { ProductKind } from '../../../domain/catalogue/product-kind'
import { shopStore } from '../basket-store'
import { Modal } from './modal'

const FINANCE_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter', 'e-bike']

export function KlarnaModal({ open, lines }: { open: boolean; lines: readonly { slug: string; name: string; kind: ProductKind }[] }) {
  const close = useCallback(() => shopStore().dispatch({ type: 'hide', flag: 'klarnaModal' }), [])
  const financeable = lines.filter((l) => FINANCE_KINDS.includes(l.kind))
  return (
    <Modal open={open} onClose={close} titleId="klarna-title" className="klarna-modal">
      <h2 id="klarna-title">Paying later or monthly</h2>
      <p>
        <strong>We do not offer Klarna or any other “buy now, pay later” service at checkout.</strong> When you place an order here you pay the
        full amount by card straight away.
      </p>
      <p>
        “Pay later” services split a purchase into instalments or delay payment. They are a form of credit: missing a payment can cost you
        fees and harm your credit record, so only use them if you are sure you can keep up.
      </p>
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
        <p>Nothing in your basket can be bought on finance: it is offered on motorcycles, scooters and e-bikes only.</p>
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
