// A deal's emails, sent through the job queue: the stage email staff earn by moving a deal (queued in the unit of
// work of their change) and the reminder. Each carries the signed link to the customer's deal page.
import 'server-only'
import type { Payload } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import { emailSender } from '../../adapters/email/email.server'
import { signLink } from '../../cms/auth/signed-links'
import { execute, type TransactionId } from '../../cms/sql.server'
import { paths } from '../../config/paths'
import { isDealStage, type DealStage } from '../../domain/deals/deal-stages'
import { emailBrand } from '../emails/email-brand.server'
import { renderEmail } from '../emails/render-email'
import { queueJobStatement } from '../jobs/queue.server'
import { SEND_DEAL_EMAIL } from '../jobs/task-names'
import { dealOpenedEmail, dealQuoteEmail, dealReminderEmail, dealStageEmail } from './deal-email'
import { mayRemind } from './deal-rows.server'
import { dealView, type DealView } from './deal-view.server'
import type { EmailDeal } from './deal-email'
import { QUOTED_DELIVERY_LABEL } from './handover'

/** What every deal email says of the deal, from the one read of it. */
const emailDealOf = (view: DealView): EmailDeal => ({
  firstName: view.firstName,
  productName: view.productName,
  stage: view.stage,
  totalPricePence: view.figures.totalPricePence,
  partExchangePence: view.figures.partExchange?.netPence ?? 0,
  paidPence: view.figures.depositPence,
  balancePence: view.figures.balancePence,
  handover: view.handover,
})

/** The customer's deal page, as a link that opens without an account. */
export async function dealLink(dealId: number, siteUrl: string, now = new Date()): Promise<string> {
  return new URL(paths.deal(dealId, await signLink('deal-view', dealId, { now })), siteUrl).toString()
}

/**
 * Queues the stage email in the unit of work of the staff change that earns it (Payload's transaction of the
 * update on PostgreSQL; on SQLite right after the write, as the order status emails are).
 */
export async function queueDealStageEmail(payload: Payload, transactionID: TransactionId, dealId: number, stage: DealStage, now: Date): Promise<void> {
  await queueDealEmail(payload, transactionID, dealId, `stage:${stage}`, now)
}

/** Queues one of the deal's emails in the unit of work of the staff change that earns it. */
export async function queueDealEmail(payload: Payload, transactionID: TransactionId, dealId: number, kind: string, now: Date): Promise<void> {
  await execute(payload, transactionID, queueJobStatement(payload, SEND_DEAL_EMAIL, { dealId, kind }, now, null))
}

/** Sends the stage email (the job handler): once per deal and stage, whatever the retries. */
export async function sendDealStageEmail(payload: Payload, dealId: number, stage: DealStage, deps: { email?: EmailSender } = {}): Promise<void> {
  const view = await dealView(payload, dealId)
  if (!view) return
  const brand = await emailBrand(payload)
  const mail = await renderEmail(dealStageEmail({ ...emailDealOf(view), stage }, brand, { deal: await dealLink(dealId, brand.siteUrl) }), brand)
  await (deps.email ?? emailSender()).send({ to: view.email, subject: mail.subject, text: mail.text, html: mail.html, tag: `deal-${stage.replace(/_/g, '-')}`, idempotencyKey: `deal-${dealId}-${stage}` })
}

/** Sends the email that gives the customer their deal's link, once per deal. */
export async function sendDealOpenedEmail(payload: Payload, dealId: number, deps: { email?: EmailSender } = {}): Promise<void> {
  const view = await dealView(payload, dealId)
  if (!view) return
  const brand = await emailBrand(payload)
  const mail = await renderEmail(dealOpenedEmail(emailDealOf(view), brand, { deal: await dealLink(dealId, brand.siteUrl) }), brand)
  await (deps.email ?? emailSender()).send({ to: view.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'deal-opened', idempotencyKey: `deal-${dealId}-opened` })
}

/** The job handler: the deal's link (`opened`), a stage email (`stage:<stage>`) or the reminder (`reminder`). */
export async function sendDealEmail(payload: Payload, dealId: number, kind: string): Promise<string> {
  if (kind === 'opened') {
    await sendDealOpenedEmail(payload, dealId)
    return 'sent'
  }
  const stage = kind.startsWith('stage:') ? kind.slice('stage:'.length) : null
  if (stage !== null && isDealStage(stage)) {
    await sendDealStageEmail(payload, dealId, stage)
    return 'sent'
  }
  if (kind.startsWith('quote:')) {
    await sendDealQuoteEmail(payload, dealId, kind.slice('quote:'.length))
    return 'sent'
  }
  if (kind === 'reminder') return (await sendDealReminderEmail(payload, dealId)) ? 'sent' : 'not sent: the customer stopped reminders or finished'
  throw new Error(`no deal email of the kind ${kind}`)
}

/**
 * Sends the one reminder, unless the customer withdrew their consent since it was queued. It carries the one-click
 * unsubscribe (RFC 8058) mail programs offer beside the sender.
 */
export async function sendDealReminderEmail(payload: Payload, dealId: number, deps: { email?: EmailSender } = {}): Promise<boolean> {
  if (!(await mayRemind(payload, dealId))) return false
  const view = await dealView(payload, dealId)
  // The customer finished after all (an application, or a payment whose own step has not joined the deal yet).
  if (!view || view.finance || view.cardOrderNumber) return false
  const brand = await emailBrand(payload)
  const token = await signLink('deal-unsubscribe', dealId)
  const unsubscribe = new URL(paths.dealUnsubscribe(token), brand.siteUrl).toString()
  const oneClick = new URL(paths.api.dealUnsubscribe(token), brand.siteUrl).toString()
  const mail = await renderEmail(dealReminderEmail(emailDealOf(view), brand, { deal: await dealLink(dealId, brand.siteUrl), unsubscribe }), brand)
  await (deps.email ?? emailSender()).send({
    to: view.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    tag: 'deal-reminder',
    idempotencyKey: `deal-${dealId}-reminder`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  })
  return true
}

/** Sends a quote staff built: its figures and the link to pay; once per sending (`sentAt` names it). */
export async function sendDealQuoteEmail(payload: Payload, dealId: number, sentAt: string, deps: { email?: EmailSender } = {}): Promise<void> {
  const view = await dealView(payload, dealId)
  if (!view) return
  const brand = await emailBrand(payload)
  const lines = [...view.quoteLines, ...(view.quoteDeliveryPence > 0 ? [{ name: QUOTED_DELIVERY_LABEL, pricePence: view.quoteDeliveryPence }] : [])]
  const mail = await renderEmail(dealQuoteEmail(emailDealOf(view), lines, brand, { deal: `${await dealLink(dealId, brand.siteUrl)}#deal-quote` }), brand)
  await (deps.email ?? emailSender()).send({ to: view.email, subject: mail.subject, text: mail.text, html: mail.html, tag: 'deal-quote', idempotencyKey: `deal-${dealId}-quote-${Date.parse(sentAt)}` })
}
