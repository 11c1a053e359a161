// One order as its customer sees it: status, lines, delivery and totals (server and client safe: no data access here).
import { VatRows } from '../../../components/ui/vat-rows'
import { formatPence } from '../../../domain/money'
import type { CustomerOrder } from '../order-view'
import { ukLongDate } from '../../../lib/text/uk-date'


export function formatOrderDate(iso: string): string {
  return ukLongDate(iso)
}

export function OrderDetails({ order, headingLevel = 2 }: { order: CustomerOrder; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="order-details">
      <dl className="order-facts">
        <div><dt>Order number</dt><dd>{order.number}</dd></div>
        <div><dt>Placed</dt><dd><time dateTime={order.date}>{formatOrderDate(order.date)}</time></dd></div>
        <div><dt>Status</dt><dd><span className={`status status--${order.status}`}>{order.statusLabel}</span></dd></div>
        {order.financeStatusLabel && <div><dt>Finance</dt><dd>{order.financeStatusLabel}</dd></div>}
        <div><dt>Delivery</dt><dd>{order.delivery.label}{order.delivery.feeToBeQuoted ? ' (fee to be quoted)' : ''}</dd></div>
      </dl>
      <H>Items</H>
      <table className="order-lines">
        <caption className="visually-hidden">Items in order {order.number}</caption>
        <thead>
          <tr><th scope="col">Item</th><th scope="col" className="num">Qty</th><th scope="col" className="num">Price</th><th scope="col" className="num">Total</th></tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={`${item.productId}-${item.variantId ?? ''}-${i}`}>
              <th scope="row">{item.name}{item.sku && <span className="order-lines__sku">{item.sku}</span>}</th>
              <td className="num">{item.count}</td>
              <td className="num">{formatPence(item.unitPricePence)}</td>
              <td className="num">{formatPence(item.lineTotalPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-totals">
        <div><dt>Subtotal</dt><dd>{formatPence(order.totals.subtotalPence)}</dd></div>
        {order.totals.discountPence > 0 && <div><dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt><dd>−{formatPence(order.totals.discountPence)}</dd></div>}
        <div><dt>Delivery</dt><dd>{order.totals.deliveryPence > 0 ? formatPence(order.totals.deliveryPence) : 'Free'}</dd></div>
        <div className="order-totals__total"><dt>Total</dt><dd>{formatPence(order.totals.totalPence)}</dd></div>
        <VatRows breakdown={order.totals.vatBreakdown} vatPence={order.totals.vatPence} className="order-totals__vat" />
        {order.totals.refundedPence > 0 && <div><dt>Refunded</dt><dd>{formatPence(order.totals.refundedPence)}</dd></div>}
      </dl>
      {order.documents && order.documents.length > 0 && (
        <>
          <H>Invoices and credit notes</H>
          <ul className="order-documents">
            {order.documents.map((d) => (
              <li key={d.number}><a href={d.href} download={`${d.number}.pdf`}>{d.label} {d.number} (PDF)</a></li>
            ))}
          </ul>
        </>
      )}
      {order.finance && (
        <>
          <H>Finance</H>
          <dl className="order-facts">
            {order.finance.lenderName && <div><dt>Lender</dt><dd>{order.finance.lenderName}</dd></div>}
            {order.finance.facilityType && <div><dt>Agreement</dt><dd>{order.finance.facilityType}</dd></div>}
            {order.finance.regularPaymentPence != null && <div><dt>Monthly payment</dt><dd>{formatPence(order.finance.regularPaymentPence)}</dd></div>}
            {order.finance.termMonths != null && <div><dt>Term</dt><dd>{order.finance.termMonths} months</dd></div>}
          </dl>
        </>
      )}
    </div>
  )
}
