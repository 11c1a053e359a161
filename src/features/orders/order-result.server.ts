// The order a visitor may see on the payment result pages: theirs by cookie or account, or nothing.
import 'server-only'
import { cookies, headers } from 'next/headers'
import { payloadClient } from '../../cms/payload-client.server'
import { signedInCustomerId } from '../../cms/auth/session.server'
import type { Order } from '../../payload-types'
import { ORDER_ACCESS_COOKIE, orderForVisitor } from './order-access.server'

export async function visibleOrder(orderNumber: string | undefined): Promise<{ order: Order; dealer: { name: string; phone?: string | null; email?: string | null } } | null> {
  const payload = await payloadClient()
  const [cookieStore, requestHeaders] = await Promise.all([cookies(), headers()])
  const order = await orderForVisitor(payload, orderNumber, {
    cookieValue: cookieStore.get(ORDER_ACCESS_COOKIE)?.value,
    userId: await signedInCustomerId(payload, requestHeaders),
  })
  if (!order) return null
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return { order, dealer: { name: settings.dealerName, phone: settings.phone, email: settings.email } }
}
