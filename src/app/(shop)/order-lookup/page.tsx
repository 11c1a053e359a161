import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { OrderLookupForm } from '../../../features/account/components/order-lookup-form'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Find an order', robots: { index: false, follow: false } }

export default async function OrderLookupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // ?number= comes from a guest's confirmation (e.g. a finance application): the number is filled in for them.
  const { number } = await searchParams
  const orderNumber = typeof number === 'string' ? number.slice(0, 20) : undefined
  return (
    <div className="container account-page">
      <h1>Find an order</h1>
      <p className="account-page__lead">Bought without an account? Enter the order number from your confirmation email and the email address you used.</p>
      <OrderLookupForm orderNumber={orderNumber} />
      <ul className="account-page__links">
        <li>Want to cancel or send something back? <a href={paths.cancelItems(orderNumber)}>Cancel or return items</a></li>
        <li>Have an account? <a href={paths.login(paths.orders())}>Sign in to see all your orders</a></li>
      </ul>
    </div>
  )
}
