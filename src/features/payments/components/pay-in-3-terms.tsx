// What Pay in 3 means, in the words the shop may use as a merchant offering Klarna's deferred payment credit
// (ADR 052): it is credit, Klarna is the lender and checks it suits you, and what a missed payment means. Shared by
// the basket's Klarna modal and the product page's short version, so the two never say different things.
import { formatPence } from '../../../domain/money'
import type { Instalment } from '../../../domain/payments/instalments'
import type { PayLaterVerdict } from '../../../domain/payments/pay-later'

export const PAY_IN_3_LENDER = 'Pay in 3 is a loan from Klarna, not from Wheelhouse: Klarna is the lender and checks whether it is affordable for you before you agree.'
export const PAY_IN_3_MISSED = 'If you miss a payment, Klarna may charge a late fee (it tells you how much before you agree), you may not be able to use Klarna again, and it may affect your credit record. Only choose Pay in 3 if you can make all three payments.'

export function InstalmentList({ instalments, id }: { instalments: readonly Instalment[]; id?: string }) {
  return (
    <ol className="pay-in-3__list" id={id} data-testid="pay-in-3-instalments">
      {instalments.map((i) => (
        <li key={i.number}>
          <span>{i.dueInDays === 0 ? 'Today' : `In ${i.dueInDays} days`}</span> <strong data-pence={i.amountPence}>{formatPence(i.amountPence)}</strong>
        </li>
      ))}
    </ol>
  )
}

/** The product page's short version: shown only where Pay in 3 suits the item on its own, at its price. */
export function PayIn3Short({ verdict }: { verdict: PayLaterVerdict }) {
  if (!verdict.available) return null
  const [first, ...rest] = verdict.instalments
  return (
    <section className="pay-in-3-short" aria-labelledby="pay-in-3-short-title" data-testid="pay-in-3-short">
      <h2 id="pay-in-3-short-title">Pay in 3 with Klarna</h2>
      <p>
        Or pay {formatPence(verdict.totalPence)} in three interest-free payments: {formatPence(first!.amountPence)} today, then{' '}
        {rest.map((i) => formatPence(i.amountPence)).join(' and ')} 30 and 60 days later. Choose it at checkout.
      </p>
      <p className="muted">Klarna is the lender and checks it is affordable for you. Missing a payment may mean a late fee and can affect your credit record.</p>
    </section>
  )
}
