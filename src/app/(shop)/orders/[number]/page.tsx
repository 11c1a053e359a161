import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { paths } from '../../../../config/paths'
import { OrderDetails } from '../../../../features/account/components/order-details'
import { customerOrderByNumber } from '../../../../features/account/queries.server'
import { requireCustomer } from '../../../../features/account/session.server'
import { payloadClient } from '../../../../cms/payload-client.server'
import { cancellationChoices } from '../../../../features/returns/cancellation-choices.server'
import { CancelItemsForm } from '../../../../features/returns/components/cancel-items-form'
import { ReportFaultForm } from '../../../../features/returns/components/report-fault-form'
import { ExchangeItemForm } from '../../../../features/returns/components/exchange-item-form'
import { orderForCustomer } from '../../../../features/returns/customer-cancel.server'
import '../../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Order', robots: { index: false, follow: false } }

export default async function OrderPage({ params }: { params: Promise<{ number: string }> }) {
  const { number } = await params
  const customer = await requireCustomer(paths.order(number))
  // Another customer's order, or none: the same 404 either way.
  const order = await customerOrderByNumber(customer, number)
  if (!order) notFound()
  const payload = await payloadClient()
  const own = await orderForCustomer(payload, order.number, { customerId: customer.id })
  const choices = own ? await cancellationChoices(payload, own) : null
  return (
    <div className="container account-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li><a href={paths.account()}>Your account</a></li>
          <li><a href={paths.orders()}>Your orders</a></li>
          <li><span aria-current="page">Order {order.number}</span></li>
        </ol>
      </nav>
      <h1>Order {order.number}</h1>
      <OrderDetails order={order} />
      {choices && <CancelItemsForm choices={choices} />}
      {choices && <ExchangeItemForm choices={choices} />}
      {choices && <ReportFaultForm choices={choices} />}
    </div>
  )
}
