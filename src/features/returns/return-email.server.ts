// A return's emails, queued in the unit of work of the step that earns them and sent by the job runner (or here
// and now in tests). One message per return and step, however often the job runs (the carrier keeps one per key).
import 'server-only'
import type { Payload, Where } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import { emailSender } from '../../adapters/email/email.server'
import type { Stmt } from '../../cms/sql.server'
import { markJobCompleted, queueJobStatement, runJobNow } from '../jobs/queue.server'
import { SEND_RETURN_EMAIL } from '../jobs/task-names'
import { emailBrand } from '../emails/email-brand.server'
import { renderEmail } from '../emails/render-email'
import { returnEmail, type ReturnEmailFacts, type ReturnEmailStep } from './return-email'
import type { Return } from '../../payload-types'
import { addDays } from '../../domain/booking/calendar'
import { RETURN_DAYS } from '../../domain/consumer-rights'

export function returnEmailJob(payload: Payload, returnId: number | null, step: ReturnEmailStep, now: Date, when: Stmt, returnNumber?: string): Stmt {
  return queueJobStatement(payload, SEND_RETURN_EMAIL, { returnId, returnNumber: returnNumber ?? null, step }, now, when)
}

export async function sendReturnEmail(payload: Payload, ref: { returnId?: number | null; returnNumber?: string | null }, step: ReturnEmailStep, deps: { email?: EmailSender } = {}): Promise<void> {
  const where: Where = ref.returnId != null ? { id: { equals: ref.returnId } } : { returnNumber: { equals: ref.returnNumber ?? '' } }
  const found = await payload.find({ collection: 'returns', where, limit: 1, depth: 1, overrideAccess: true })
  const r = found.docs[0]
  if (!r) throw new Error(`no return ${ref.returnId ?? ref.returnNumber}`)
  const order = typeof r.order === 'object' ? r.order : await payload.findByID({ collection: 'orders', id: r.order, depth: 0, overrideAccess: true })
  const brand = await emailBrand(payload)
  const lastReject = [...(r.history ?? [])].reverse().find((h) => h.to === 'rejected')
  const mail = await renderEmail(
    returnEmail(
    step,
    {
      returnNumber: r.returnNumber,
      orderNumber: order.orderNumber,
      hasAccount: order.customer != null,
      firstName: order.firstName,
      lines: (r.lines as { name: string; count: number }[]) ?? [],
      refundPence: r.refundPence,
      deductionPence: r.deductionPence,
      deductionReason: r.deductionReason,
      refundDueOn: r.refundDueOn,
      rejectReason: lastReject?.note?.replace(/^Return rejected: /, '') ?? null,
      lastDayToSend: r.goodsDelivered ? addDays(r.requestedOn, RETURN_DAYS) : null,
      ground: r.ground,
      faultRemedy: r.faultRemedy,
      exchange: r.ground === 'exchange' ? await exchangeFacts(payload, r) : null,
    },
    brand,
    ),
    brand,
  )
  await (deps.email ?? emailSender()).send({ to: r.email, subject: mail.subject, text: mail.text, html: mail.html, tag: `return-${step}`, idempotencyKey: `return-${r.id}-${step}` })
}

/** After the step committed with its email job: sent here (tests) and the job marked done, or the job tried at once. Never throws. */
export async function sendReturnEmailNow(payload: Payload, returnId: number, step: ReturnEmailStep, jobId: unknown, deps: { email?: EmailSender }): Promise<void> {
  try {
    if (deps.email) {
      await sendReturnEmail(payload, { returnId }, step, deps)
      if (jobId != null) await markJobCompleted(payload, Number(jobId), new Date())
    } else if (jobId != null) await runJobNow(payload, Number(jobId))
  } catch (error) {
    payload.logger.warn({ err: error, returnId, step }, 'return email: first try failed; the runner retries it')
  }
}

/** An exchange's facts for its emails: the variant asked for, its replacement order, and how the money falls. */
async function exchangeFacts(payload: Payload, r: Return): Promise<ReturnEmailFacts['exchange']> {
  const variant = r.exchangeVariant == null ? null : typeof r.exchangeVariant === 'object' ? r.exchangeVariant : await payload.findByID({ collection: 'variants', id: r.exchangeVariant, depth: 0, overrideAccess: true, disableErrors: true })
  const replacement = r.exchangeOrder == null ? null : typeof r.exchangeOrder === 'object' ? r.exchangeOrder : await payload.findByID({ collection: 'orders', id: r.exchangeOrder, depth: 0, overrideAccess: true, disableErrors: true })
  const line = replacement?.lines?.[0]
  const valuePence = ((r.lines as { paidPence?: number }[]) ?? []).reduce((sum, l) => sum + Number(l.paidPence ?? 0), 0)
  const creditPence = replacement?.exchangeCreditPence ?? 0
  return {
    to: line?.name ?? (variant as { title?: string } | null)?.title ?? 'the size or colour you chose',
    orderNumber: replacement?.orderNumber ?? null,
    creditPence,
    toPayPence: replacement?.status === 'awaiting_payment' ? replacement.totalPence : 0,
    cardRefundPence: Math.max(0, valuePence - creditPence - (r.deductionPence ?? 0)),
  }
}
