// The emails a customer gets at each step of a return or cancellation: what was asked and how to send the goods
// back, goods received, money refunded (with any deduction and why), or the return refused. One per return and
// step (the idempotency key in return-email.server.ts). Plain text plus simple HTML, as the order emails.
import { formatPence } from '../../domain/money'
import { escapeHtml, type DealerDetails } from '../orders/confirmation-email'

export const RETURN_EMAIL_STEPS = ['cancelled', 'requested', 'received', 'refunded', 'rejected', 'finance-cancelled'] as const
export type ReturnEmailStep = (typeof RETURN_EMAIL_STEPS)[number]

export function isReturnEmailStep(value: unknown): value is ReturnEmailStep {
  return (RETURN_EMAIL_STEPS as readonly unknown[]).includes(value)
}

export interface ReturnEmailFacts {
  readonly returnNumber: string
  readonly orderNumber: string
  readonly firstName: string
  readonly lines: readonly { readonly name: string; readonly count: number }[]
  readonly refundPence?: number | null
  readonly deductionPence?: number | null
  readonly deductionReason?: string | null
  readonly refundDueOn?: string | null
  readonly rejectReason?: string | null
  readonly lastDayToSend?: string | null
}

export function returnEmail(step: ReturnEmailStep, r: ReturnEmailFacts, dealer: DealerDetails): { subject: string; text: string; html: string } {
  const where = [dealer.name, ...(dealer.addressLines ?? [])].join(', ')
  let subject: string
  let paragraphs: string[]
  switch (step) {
    case 'cancelled':
      subject = `Cancelled: items from your Wheelhouse order ${r.orderNumber}`
      paragraphs = [`We have cancelled these items from order ${r.orderNumber} (cancellation ${r.returnNumber}) before they left us.`, 'Your money comes back to the card you paid with; we will email you when it has been sent.']
      break
    case 'requested':
      subject = `How to return items from your Wheelhouse order ${r.orderNumber}`
      paragraphs = [
        `We have your cancellation ${r.returnNumber} for order ${r.orderNumber}.`,
        `Send the items back within 14 days${r.lastDayToSend ? ` (by ${r.lastDayToSend})` : ''}: post them to ${where}, quoting ${r.returnNumber}, or bring them to the dealer.`,
        'Keep proof of postage. We refund you within 14 days of receiving the items, or of your proof that you sent them, whichever is first.',
      ]
      break
    case 'received':
      subject = `We have received your return ${r.returnNumber}`
      paragraphs = [`The items of your return ${r.returnNumber} (order ${r.orderNumber}) have arrived.`, `We will refund you${r.refundDueOn ? ` by ${r.refundDueOn}` : ' within 14 days'}.`]
      break
    case 'refunded':
      subject = `Refund sent for your return ${r.returnNumber}`
      paragraphs = [
        `We have refunded ${formatPence(r.refundPence ?? 0)} for ${r.returnNumber} (order ${r.orderNumber}) to the card you paid with.`,
        ...(r.deductionPence ? [`We deducted ${formatPence(r.deductionPence)} for loss of value: ${r.deductionReason ?? ''}`] : []),
        'Card refunds usually reach your account within 3 to 5 working days.',
      ]
      break
    case 'rejected':
      subject = `About your return ${r.returnNumber}`
      paragraphs = [`We cannot accept your return ${r.returnNumber} (order ${r.orderNumber}): ${r.rejectReason ?? ''}`, 'If you disagree, reply to this email and we will look at it again.']
      break
    case 'finance-cancelled':
      subject = `Your Wheelhouse finance order ${r.orderNumber} is being cancelled`
      paragraphs = [`We have asked your lender to cancel the finance agreement for order ${r.orderNumber} (${r.returnNumber}).`, 'Nothing is refunded to a card: the lender cancels the agreement and returns any deposit or payments you made to them.']
      break
  }
  const items = r.lines.map((l) => `${l.count} × ${l.name}`)
  const contact = [dealer.phone, dealer.email].filter(Boolean).join(' or ')
  const signOff = contact ? `Questions? Contact ${dealer.name} on ${contact}.` : 'Questions? Reply to this email.'
  const text = [`Hello ${r.firstName},`, '', ...paragraphs.flatMap((p) => [p, '']), 'Items', ...items.map((i) => `- ${i}`), '', signOff, dealer.siteUrl].join('\n')
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#14202e;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(r.firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>
<p>${escapeHtml(signOff)}</p>
</body></html>`
  return { subject, text, html }
}
