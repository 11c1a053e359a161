// An order's confirmation email, built and sent (the job handler of SEND_ORDER_CONFIRMATION).
import 'server-only'
import type { Payload } from 'payload'
import { emailSender } from '../../adapters/email/email.server'
import { env } from '../../config/env'
import { crashPoint } from '../../lib/crash-point'
import { queueJobStatement } from '../jobs/queue.server'
import { SEND_ORDER_CONFIRMATION } from '../jobs/task-names'
import { runQueuedNow, type LifecycleDeps } from '../payments/record-lifecycle.server'
import { confirmationEmail, dealerAddressLines } from './confirmation-email'

export async function sendOrderConfirmation(payload: Payload, orderId: number, deps: LifecycleDeps = {}): Promise<void> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const mail = confirmationEmail(
    { ...order, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null } },
    { name: settings.dealerName, addressLines: dealerAddressLines(settings), phone: settings.phone, email: settings.email, siteUrl: deps.siteUrl ?? env().SITE_URL },
  )
  // One confirmation per order, however often the job runs (a crash after sending and before the job was
  // marked done runs it again): the carrier keeps one message per key (EmailMessage.idempotencyKey, ADR 025).
  await (deps.email ?? emailSender()).send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'order-confirmation', idempotencyKey: `order-confirmation-${order.id}` })
  crashPoint('order-confirmation-sent')
}


/** The confirmation email's job, queued in the same unit of work as the payment that earns it. */
export const confirmationJob = (payload: Payload, orderId: number, now: Date) => (when: Parameters<typeof queueJobStatement>[4]) => [queueJobStatement(payload, SEND_ORDER_CONFIRMATION, { orderId }, now, when)]

/** After the payment committed with its job: the email is tried at once (the runner retries it if this try fails). */
export async function sendConfirmationNow(payload: Payload, orderId: number, followUps: readonly Record<string, unknown>[][] | undefined, deps: LifecycleDeps): Promise<void> {
  crashPoint('order-paid-committed')
  await runQueuedNow(payload, followUps, deps.email ? () => sendOrderConfirmation(payload, orderId, deps) : null, { orderId })
}
