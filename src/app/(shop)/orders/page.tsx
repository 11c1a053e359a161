import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { OrdersList } from '../../../features/account/components/orders-list'
import { requireCustomer } from '../../../features/account/session.server'
import { CustomerReservations } from '../../../features/reservations/components/customer-reservations'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your orders', robots: { index: false, follow: false } }

// Sign-in is checked before anything streams, so a visitor gets a real redirect to /login; the list then
// streams in behind its loading state, and error.tsx shows the failure state.
export default async function OrdersPage() {
  const customer = await requireCustomer(paths.orders())
  return (
    <div className="container account-page">
      <h1>Your orders</h1>
      <nav aria-label="Account" className="account-nav">
        <a href={paths.account()}>Your details</a>
        <a href={paths.accountBookings()}>Your bookings and test rides</a>
      </nav>
      <CustomerReservations customerId={Number(customer.id)} />
      <OrdersList customer={customer} />
    </div>
  )
}
