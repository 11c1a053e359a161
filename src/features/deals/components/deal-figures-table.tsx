// A deal's figures as one table, the same for the customer and for staff: cash price, accessories, delivery, the
// part-exchange (held, expired or confirmed, with any adjustment and its reason), the deposit or what a card order
// paid, and the balance.
import type { DealFigures } from '../../../domain/deals/deal-figures'
import { formatPence } from '../../../domain/money'
import { formatUkDateTime } from '../../../domain/reservations/reservation-rules'

export function DealFiguresTable({ figures, from, finance }: { figures: DealFigures; from: string; finance: { lender: string; advancePence: number | null } | null }) {
  const px = figures.partExchange
  return (
    <table className="deal-figures">
      <caption>The figures, from your {from}</caption>
      <tbody>
        <tr><th scope="row">Cash price</th><td>{formatPence(figures.cashPricePence)}</td></tr>
        {figures.accessoriesPence > 0 && <tr><th scope="row">Accessories</th><td>{formatPence(figures.accessoriesPence)}</td></tr>}
        {figures.deliveryPence > 0 && <tr><th scope="row">Delivery</th><td>{formatPence(figures.deliveryPence)}</td></tr>}
        {px && (
          <tr>
            <th scope="row">Part-exchange</th>
            <td>
              {px.state === 'expired' ? (
                <>Expired on {formatUkDateTime(new Date(px.expiresAt))}: not counted. Value your bike again.</>
              ) : (
                <>
                  −{formatPence(px.netPence)}
                  <span className="deal-figures__note">
                    {' '}({formatPence(px.valuePence)} value{px.outstandingFinancePence > 0 ? ` less ${formatPence(px.outstandingFinancePence)} finance to settle` : ''}
                    {px.state === 'confirmed' ? `; confirmed at inspection${px.adjustmentPence !== 0 ? `, ${px.adjustmentPence > 0 ? 'up' : 'down'} ${formatPence(Math.abs(px.adjustmentPence))}${px.adjustmentReason ? `: ${px.adjustmentReason}` : ''}` : ''}` : `; held until ${formatUkDateTime(new Date(px.expiresAt))}, subject to inspection`})
                  </span>
                </>
              )}
            </td>
          </tr>
        )}
        {figures.depositPence > 0 && <tr><th scope="row">{from === 'order' ? 'Paid by card' : 'Deposit'}</th><td>−{formatPence(figures.depositPence)}</td></tr>}
        <tr className="deal-figures__total"><th scope="row">{finance ? `Balance (borrowed from ${finance.lender})` : 'Balance to pay'}</th><td>{formatPence(figures.balancePence)}</td></tr>
      </tbody>
    </table>
  )
}
