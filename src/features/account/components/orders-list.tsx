// The signed-in customer's orders, newest first (spec §4 Orders: fetching → success or failure).
import { Suspense } from 'react'
import { paths } from '../../../config/paths'
import { formatPence } from '../../../domain/money'
import { customerOrders } from '../queries.server'
import type { Customer } from '../session.server'
import { formatOrderDate } from './order-details'

/** "Fetching": shown while the list is read. */
export function OrdersLoading() {
  return (
    <div aria-busy="true">
      <p role="status">Loading your orders…</p>
      <div className="orders-loading" aria-hidden="true">
        <div className="orders-loading__row" />
        <div className="orders-loading__row" />
      </div>
    </div>
  )
}

async function OrdersListData({ customer }: { customer: Customer }) {
  // A failure here reaches the segment's error.tsx: "failure", no list and an error message.
  const orders = await customerOrders(customer)
  if (orders.length === 0) return <p className="account-page__lead">You have no orders yet. <a href={paths.allBikes()}>Browse the shop</a>.</p>
  return (
    <ol className="orders-list" aria-label="Orders, newest first">
      {orders.map((o) => {
        const count = o.items.reduce((n, i) => n + i.count, 0)
        return (
          <li key={o.number} className="order-card">
            <a className="order-card__number" href={paths.order(o.number)}>Order {o.number}</a>
            <span><span className={`status status--${o.status}`}>{o.statusLabel}</span></span>
            <span className="order-card__total">{formatPence(o.totals.totalPence)}</span>
            <p className="order-card__meta">
              <time dateTime={o.date}>{formatOrderDate(o.date)}</time> · {count} {count === 1 ? 'item' : 'items'}
              {o.kind === 'finance' ? ' · on finance' : ''}
            </p>
          </li>
        )
      })}
    </ol>
  )
}

export function OrdersList({ customer }: { customer: Customer }) {
  return (
    <Suspense fallback={<OrdersLoading />}>
      <OrdersListData customer={customer} />
    </Suspense>
  )
}
