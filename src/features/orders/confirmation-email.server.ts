// An order's confirmation email, built and sent (the job handler of SEND_ORDER_CONFIRMATION).
import 'server-only'
import type { Payload } from 'payload'
import { emailSender } from '../../adapters/email/email.server'
import { env } from '../../config/env'
import { crashPoint } from '../../lib/crash-point'
import type { LifecycleDeps } from '../payments/record-lifecycle.server'
import { confirmationEmail } from './confirmation-email'

export async function sendOrderConfirmation(payload: Payload, orderId: number, deps: LifecycleDeps = {}): Promise<void> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const mail = confirmationEmail(
    { ...order, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null } },
    { name: settings.dealerName, phone: settings.phone, email: settings.email, siteUrl: deps.siteUrl ?? env().SITE_URL },
  )
  // One confirmation per order, however often the job runs (a crash after sending and before the job was
  // marked done runs it again): the carrier keeps one message per key (EmailMessage.idempotencyKey, ADR 025).
  await (deps.email ?? emailSender()).send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'order-confirmation', idempotencyKey: `order-confirmation-${order.id}` })
  crashPoint('order-confirmation-sent')
}

