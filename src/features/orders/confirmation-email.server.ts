// An order's emails, built and sent (the job handler of SEND_ORDER_CONFIRMATION): its confirmation, and the
// email that tells the customer it moved (ready to collect, dispatched, refunded, cancelled).
import 'server-only'
import type { Payload } from 'payload'
import { execute, type TransactionId } from '../../cms/sql.server'
import { emailSender } from '../../adapters/email/email.server'
import { crashPoint } from '../../lib/crash-point'
import { queueJobStatement } from '../jobs/queue.server'
import { ISSUE_INVOICE, SEND_ORDER_CONFIRMATION } from '../jobs/task-names'
import { runQueuedNow } from '../records/notices.server'
import type { LifecycleDeps } from '../records/transition.server'
import { emailBrand } from '../emails/email-brand.server'
import { renderEmail } from '../emails/render-email'
import { confirmationEmail } from './confirmation-email'
import { orderStatusEmail, type NotifiedStatus } from './status-email'
import { certificateEmail, type CertificateEmailKind } from './certificate-email'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { cycleToWorkSettingsOf } from '../payments/cycle-to-work-settings'
import { cardPencePayable } from './certificate-order'
import type { CycleScheme } from '../../domain/payments/cycle-to-work'
import { joinDealsOfPaidOrder } from '../deals/join-deal.server'

export type { CertificateEmailKind } from './certificate-email'

/** The job input of a certificate email: the order email job's `status`, named so it cannot be an order status. */
export const certificateEmailStatus = (kind: CertificateEmailKind) => `certificate_${kind}`

/** The email about an order's Cycle to Work certificate: one per order and kind, however often the job runs. */
export async function sendCertificateEmail(payload: Payload, orderId: number, kind: CertificateEmailKind, deps: LifecycleDeps = {}): Promise<void> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
  const brand = await emailBrand(payload, deps.siteUrl)
  const refusal = [...(order.history ?? [])].reverse().find((h) => /^Certificate refused: /.test(h.note ?? ''))?.note?.replace(/^Certificate refused: /, '').replace(/ Order cancelled; stock released\.$/, '')
  const facts = {
    ...order,
    hasAccount: order.customer != null,
    certificate: { scheme: order.certificate?.scheme as CycleScheme, number: order.certificate?.number ?? '', valuePence: order.certificate?.valuePence ?? 0 },
    cardPaidPence: order.payment?.paidAt ? cardPencePayable(order) : 0,
    reason: refusal ?? null,
    holdHours: cycleToWorkSettingsOf(await siteSettings(payload)).holdHours,
  }
  const mail = await renderEmail(certificateEmail(kind, facts, brand), brand)
  await (deps.email ?? emailSender()).send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: `order-certificate-${kind}`, idempotencyKey: `order-certificate-${order.id}-${kind}` })
}

/** A certificate email's job, queued in the unit of work of the change that earns it. */
export const certificateEmailJob = (payload: Payload, orderId: number, kind: CertificateEmailKind, now: Date, when: Parameters<typeof queueJobStatement>[4]) => queueJobStatement(payload, SEND_ORDER_CONFIRMATION, { orderId, status: certificateEmailStatus(kind) }, now, when)

/** After the change committed with its certificate email's job: tried at once (the runner retries it). */
export async function sendCertificateEmailNow(payload: Payload, orderId: number, kind: CertificateEmailKind, followUps: readonly Record<string, unknown>[][] | undefined, deps: LifecycleDeps): Promise<void> {
  await runQueuedNow(payload, followUps, deps.email ? () => sendCertificateEmail(payload, orderId, kind, deps) : null, { orderId })
}

export async function sendOrderConfirmation(payload: Payload, orderId: number, deps: LifecycleDeps = {}): Promise<void> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
  const brand = await emailBrand(payload, deps.siteUrl)
  const mail = await renderEmail(confirmationEmail({ ...order, hasAccount: order.customer != null, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null } }, brand), brand)
  // One confirmation per order, however often the job runs (a crash after sending and before the job was
  // marked done runs it again): the carrier keeps one message per key (EmailMessage.idempotencyKey, ADR 025).
  await (deps.email ?? emailSender()).send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'order-confirmation', idempotencyKey: `order-confirmation-${order.id}` })
  crashPoint('order-confirmation-sent')
  // After the email (which its key keeps single): a failure here runs the job again, and joining twice records once.
  await joinDealsOfPaidOrder(payload, order)
}

/**
 * The email for the status staff moved the order into. One per order and status, however often the job runs or
 * staff set the same status again: the carrier keeps one message per key (ADR 025).
 */
export async function sendOrderStatusEmail(payload: Payload, orderId: number, status: NotifiedStatus, deps: LifecycleDeps = {}): Promise<void> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
  const brand = await emailBrand(payload, deps.siteUrl)
  const facts = { ...order, hasAccount: order.customer != null, delivery: { ...order.delivery, shippingAddress: order.delivery.shippingAddress ?? null }, refundedPence: order.payment?.refundedPence ?? null, paid: Boolean(order.payment?.paidAt) }
  const mail = await renderEmail(orderStatusEmail(status, facts, brand), brand)
  await (deps.email ?? emailSender()).send({ to: order.email, subject: mail.subject, text: mail.text, html: mail.html, tag: `order-${status.replace(/_/g, '-')}`, idempotencyKey: `order-status-${order.id}-${status}` })
}

/**
 * Queues the status email in the unit of work of the staff change that earns it (`transactionID`: Payload's
 * transaction of the update on PostgreSQL, so the job commits or rolls back with the new status). SQLite's
 * Payload writes have no transaction: the hook calls this after the status is written, so a job never exists
 * for a change that was refused. The runner sends it on its next pass.
 */
export async function queueOrderStatusEmail(payload: Payload, transactionID: TransactionId, orderId: number, status: NotifiedStatus, now: Date): Promise<void> {
  await execute(payload, transactionID, queueJobStatement(payload, SEND_ORDER_CONFIRMATION, { orderId, status }, now, null))
}

/**
 * The confirmation email's job and the invoice's (ADR 049), queued in the same unit of work as the payment that
 * earns them. The email's comes first: `sendConfirmationNow` tries the first job at once.
 */
export const confirmationJob = (payload: Payload, orderId: number, now: Date) => (when: Parameters<typeof queueJobStatement>[4]) => [
  queueJobStatement(payload, SEND_ORDER_CONFIRMATION, { orderId }, now, when),
  queueJobStatement(payload, ISSUE_INVOICE, { orderId }, now, when),
]

/** After the payment committed with its job: the email is tried at once (the runner retries it if this try fails). */
export async function sendConfirmationNow(payload: Payload, orderId: number, followUps: readonly Record<string, unknown>[][] | undefined, deps: LifecycleDeps): Promise<void> {
  crashPoint('order-paid-committed')
  await runQueuedNow(payload, followUps, deps.email ? () => sendOrderConfirmation(payload, orderId, deps) : null, { orderId })
}
