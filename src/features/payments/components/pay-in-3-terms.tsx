// What Pay in 3 means, in the words the shop may use as a merchant offering Klarna's deferred payment credit
// (ADR 052): it is credit, Klarna is the lender and checks it suits you, and what a missed payment means. Shared by
// the basket's Klarna modal and the product page's short version, so the two never say different things.
import { formatPence } from '../../../domain/money'
import type { Instalment } from '../../../domain/payments/instalments'

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
