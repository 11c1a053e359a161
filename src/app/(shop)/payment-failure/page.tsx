// Payment failure (spec §2): nothing was charged, the basket is still there, and the customer can try again.
import type { Metadata } from 'next'
import { visibleOrder } from '../../../features/orders/order-result.server'
import '../../../features/orders/components/order-result.css'
import { paths } from '../../../config/paths'
import { isPaidStatus } from '../../../domain/orders/order-status'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Payment not completed', robots: { index: false, follow: false } }

export default async function PaymentFailurePage({ searchParams }: { searchParams: Promise<{ order?: string | string[] }> }) {
  const { order: orderParam } = await searchParams
  const found = await visibleOrder(typeof orderParam === 'string' ? orderParam : undefined)
  const order = found?.order
  const paidAfterAll = order && isPaidStatus(order.status)
  return (
    <div className="container order-result">
      <h1>{paidAfterAll ? 'Your payment went through after all' : 'Your payment did not go through'}</h1>
      <div className={`order-result__status${paidAfterAll ? '' : ' order-result__status--problem'}`}>
        {order && <p>Order number <span className="order-result__number">{order.orderNumber}</span></p>}
        {paidAfterAll ? (
          <p>The card provider has confirmed the payment. <a href={paths.paymentSuccess(order.orderNumber)}>See your order</a>.</p>
        ) : (
          <>
            <p>{order?.payment?.failureMessage ?? 'The card payment was not completed.'} No money has been taken.</p>
            <p>Your basket is just as you left it. You can try again with the same or another card.</p>
          </>
        )}
      </div>
      {!paidAfterAll && (
        <div className="order-result__actions">
          <a className="button button--solid" href="/checkout">Try again</a>
          <a className="button" href={paths.basket()}>Review your basket</a>
        </div>
      )}
    </div>
  )
}
