// Reads for the account pages, always as the signed-in customer (overrideAccess: false): the orders
// collection's access rule is what keeps one customer from another's orders.
import 'server-only'
import { payloadClient } from '../../cms/payload-client.server'
import type { Order } from '../../payload-types'
import { newestFirst, toCustomerOrder, type CustomerOrder } from './order-view'
import { orderDocumentLinks } from '../orders/order-documents.server'
import type { Customer } from './session.server'

export async function customerOrders(customer: Customer): Promise<CustomerOrder[]> {
  const payload = await payloadClient()
  const found = await payload.find({ collection: 'orders', where: { customer: { equals: customer.id } }, sort: '-createdAt', limit: 200, depth: 0, overrideAccess: false, user: customer })
  return (found.docs as Order[]).map(toCustomerOrder).sort(newestFirst)
}

export async function customerOrderByNumber(customer: Customer, orderNumber: string): Promise<CustomerOrder | null> {
  // Paths arrive in lower case (the proxy lower-cases them); order numbers are stored in capitals.
  const number = orderNumber.trim()
  if (!/^[A-Za-z0-9-]{1,20}$/.test(number)) return null
  const payload = await payloadClient()
  const found = await payload.find({ collection: 'orders', where: { orderNumber: { in: [...new Set([number.toUpperCase(), number])] } }, limit: 1, depth: 0, overrideAccess: false, user: customer })
  const order = found.docs[0] as Order | undefined
  return order ? { ...toCustomerOrder(order), documents: await orderDocumentLinks(payload, order.id) } : null
}
