// An order as the customer sees it after paying: items, totals with the VAT they hold per rate, and delivery or collection.
import { VatRows } from '../../../components/ui/vat-rows'
import { formatPence } from '../../../domain/money'
import { parseVatBreakdown } from '../../../domain/vat/vat'
import type { Order } from '../../../payload-types'
import { deliveryDescription } from '../confirmation-email'
import './order-result.css'

export function OrderSummary({ order, dealer }: { order: Order; dealer: { name: string } }) {
  const delivery = deliveryDescription({ ...order, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null } }, dealer)
  const discount = order.discountPence ?? 0
  const fee = order.delivery.feePence ?? 0
  return (
    <div className="order-result__summary">
      <h2>Your order</h2>
      <table className="order-lines">
        <caption className="visually-hidden">Items in order {order.orderNumber}</caption>
        <thead>
          <tr><th scope="col">Item</th><th scope="col" className="num">Qty</th><th scope="col" className="num">Price</th></tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id ?? line.name}>
              <td>{line.name}</td>
              <td className="num">{line.count}</td>
              <td className="num">{formatPence(line.lineTotalPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-totals">
        <div><dt>Subtotal</dt><dd>{formatPence(order.subtotalPence)}</dd></div>
        {discount > 0 && <div><dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt><dd>−{formatPence(discount)}</dd></div>}
        <div><dt>Delivery</dt><dd>{order.delivery.feeToBeQuoted ? 'To be quoted' : fee === 0 ? 'Free' : formatPence(fee)}</dd></div>
        {(order.reservationDepositPence ?? 0) > 0 && <div data-testid="reservation-deposit"><dt>Reservation deposit already paid</dt><dd>−{formatPence(order.reservationDepositPence!)}</dd></div>}
        <div className="order-totals__total"><dt>{(order.reservationDepositPence ?? 0) > 0 ? 'Left to pay' : 'Total'}</dt><dd>{formatPence(order.totalPence)}</dd></div>
        <VatRows breakdown={parseVatBreakdown(order.vatBreakdown)} vatPence={order.vatPence} />
      </dl>
      <h2>{delivery.heading}</h2>
      <p>{delivery.detail}</p>
      <h2>What happens next</h2>
      <p>{delivery.next}</p>
    </div>
  )
}
