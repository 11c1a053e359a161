// The emails a customer gets at each step of a return or cancellation: what was asked and how to send the goods
// back, goods received, money refunded (with any deduction and why), or the return refused. One per return and
// step (the idempotency key in return-email.server.ts), drawn in the shop's one email layout.
import { formatPence } from '../../domain/money'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { button, heading, list, paragraphs as said, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { orderUrl } from '../orders/confirmation-email'

export const RETURN_EMAIL_STEPS = ['cancelled', 'requested', 'received', 'refunded', 'rejected', 'finance-cancelled'] as const
export type ReturnEmailStep = (typeof RETURN_EMAIL_STEPS)[number]

export function isReturnEmailStep(value: unknown): value is ReturnEmailStep {
  return (RETURN_EMAIL_STEPS as readonly unknown[]).includes(value)
}

export interface ReturnEmailFacts {
  readonly returnNumber: string
  readonly orderNumber: string
  /** The order was placed signed in: the email links to it in the account, else to the order lookup. */
  readonly hasAccount?: boolean
  readonly firstName: string
  readonly lines: readonly { readonly name: string; readonly count: number }[]
  readonly refundPence?: number | null
  readonly deductionPence?: number | null
  readonly deductionReason?: string | null
  readonly refundDueOn?: string | null
  readonly rejectReason?: string | null
  readonly lastDayToSend?: string | null
  /** A fault report (Consumer Rights Act 2015) rather than a cancellation: what the return is, and the remedy in words. */
  readonly ground?: 'cancellation' | 'fault' | 'exchange'
  readonly faultRemedy?: string | null
  /** An exchange: what the customer gets instead, its order, and how the money falls (credit, card either way). */
  readonly exchange?: { readonly to: string; readonly orderNumber: string | null; readonly creditPence: number; readonly toPayPence: number; readonly cardRefundPence: number } | null
}

export function returnEmail(step: ReturnEmailStep, r: ReturnEmailFacts, dealer: DealerDetails): EmailContent {
  const where = [dealer.name, ...(dealer.addressLines ?? [])].join(', ')
  let subject: string
  let paragraphs: string[]
  switch (step) {
    case 'cancelled':
      subject = `Cancelled: items from your ${dealer.name} order ${r.orderNumber}`
      paragraphs = [`We have cancelled these items from order ${r.orderNumber} (cancellation ${r.returnNumber}) before they left us.`, 'Your money comes back to the card you paid with; we will email you when it has been sent.']
      break
    case 'requested':
      if (r.ground === 'fault') {
        subject = `We have your fault report ${r.returnNumber}`
        paragraphs = [
          `We have your report of a faulty item from order ${r.orderNumber} (${r.returnNumber}).`,
          ...(r.faultRemedy ? [r.faultRemedy] : []),
          `Bring the item to ${where}, or post it to us quoting ${r.returnNumber}, and keep proof of postage. We look at it and tell you what we will do.`,
        ]
        break
      }
      if (r.ground === 'exchange' && r.exchange) {
        const x = r.exchange
        subject = `Your exchange ${r.returnNumber} for order ${r.orderNumber}`
        paragraphs = [
          `We have your exchange ${r.returnNumber}: ${r.lines.map((l) => l.name).join(', ')} for ${x.to}${x.orderNumber ? `, sent as order ${x.orderNumber}` : ''}.`,
          `${formatPence(x.creditPence)} of what you paid goes towards it.${x.toPayPence > 0 ? ` The ${formatPence(x.toPayPence)} difference is paid by card; until it is, the new one is held for you only a short while.` : ''}`,
          r.lastDayToSend
            ? `Send the old item back within 14 days (by ${r.lastDayToSend}): post it to ${where}, quoting ${r.returnNumber}, or bring it to the dealer. We send the new one as soon as it arrives${x.cardRefundPence > 0 ? `, and refund the ${formatPence(x.cardRefundPence)} difference to your card` : ''}.`
            : `The old item had not left us, so we send the new one instead${x.cardRefundPence > 0 ? ` and refund the ${formatPence(x.cardRefundPence)} difference to your card` : ''}.`,
        ]
        break
      }
      subject = `How to return items from your ${dealer.name} order ${r.orderNumber}`
      paragraphs = [
        `We have your cancellation ${r.returnNumber} for order ${r.orderNumber}.`,
        `Send the items back within 14 days${r.lastDayToSend ? ` (by ${r.lastDayToSend})` : ''}: post them to ${where}, quoting ${r.returnNumber}, or bring them to the dealer.`,
        'Keep proof of postage. We refund you within 14 days of receiving the items, or of your proof that you sent them, whichever is first.',
      ]
      break
    case 'received':
      subject = `We have received your return ${r.returnNumber}`
      paragraphs = [
        `The items of your return ${r.returnNumber} (order ${r.orderNumber}) have arrived.`,
        r.exchange ? `We now send ${r.exchange.to}${r.exchange.orderNumber ? ` (order ${r.exchange.orderNumber})` : ''}${r.exchange.cardRefundPence > 0 ? ` and refund the ${formatPence(r.exchange.cardRefundPence)} difference to your card` : ''}.` : `We will refund you${r.refundDueOn ? ` by ${r.refundDueOn}` : ' within 14 days'}.`,
      ]
      break
    case 'refunded':
      if (r.exchange) {
        subject = `Your exchange ${r.returnNumber} is settled`
        const card = (r.refundPence ?? 0) - r.exchange.creditPence
        paragraphs = [
          `${formatPence(r.exchange.creditPence)} of what you paid for ${r.lines.map((l) => l.name).join(', ')} paid for ${r.exchange.to}${r.exchange.orderNumber ? ` (order ${r.exchange.orderNumber})` : ''}.`,
          ...(card > 0 ? [`We have refunded the other ${formatPence(card)} to the card you paid with; it usually reaches your account within 3 to 5 working days.`] : ['Nothing more is due either way.']),
          ...(r.deductionPence ? [`We deducted ${formatPence(r.deductionPence)} for loss of value: ${r.deductionReason ?? ''}`] : []),
        ]
        break
      }
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
      subject = `Your ${dealer.name} finance order ${r.orderNumber} is being cancelled`
      paragraphs = [`We have asked your lender to cancel the finance agreement for order ${r.orderNumber} (${r.returnNumber}).`, 'Nothing is refunded to a card: the lender cancels the agreement and returns any deposit or payments you made to them.']
      break
  }
  return {
    subject,
    heading: subject,
    blocks: [text(`Hello ${r.firstName},`), ...said(...paragraphs), heading('Items'), list(r.lines.map((l) => `${l.count} × ${l.name}`)), button('View your order', orderUrl(dealer.siteUrl, r)), questionsBlock(dealer)],
  }
}

const STEP_TITLES: Record<ReturnEmailStep, string> = {
  cancelled: 'Cancelled before dispatch',
  requested: 'How to send it back',
  received: 'Goods received',
  refunded: 'Refunded (with a deduction)',
  rejected: 'Return refused',
  'finance-cancelled': 'Finance order cancelled',
}

/** Each step's email on a sample return of one jacket, for the admin's previews and the template test. */
export function returnEmailSamples(dealer: DealerDetails): EmailSample[] {
  const sample: ReturnEmailFacts = {
    returnNumber: 'WH-7K3F9Q-R1',
    orderNumber: 'WH-7K3F9Q',
    hasAccount: true,
    firstName: 'Ada',
    lines: [{ name: 'Alpinestars T-GP Plus R v3 jacket – Black, M', count: 1 }],
    refundPence: 16_999,
    deductionPence: 2_000,
    deductionReason: 'the jacket was worn outdoors and its tags removed',
    refundDueOn: '2026-12-14',
    rejectReason: 'the jacket came back damaged beyond handling it as in a shop',
    lastDayToSend: '2026-12-12',
  }
  const exchange: ReturnEmailFacts = { ...sample, returnNumber: 'WH-7K3F9Q-R3', ground: 'exchange', deductionPence: 0, refundPence: 16_999, exchange: { to: 'Alpinestars T-GP Plus R v3 jacket – Black, L', orderNumber: 'WH-9M2P4T', creditPence: 16_999, toPayPence: 0, cardRefundPence: 0 } }
  const fault: ReturnEmailFacts = { ...sample, returnNumber: 'WH-7K3F9Q-R2', ground: 'fault', faultRemedy: 'Day 20 after delivery: short-term right to reject (until 2026-12-18), full refund, no deduction for use.' }
  return [
    ...RETURN_EMAIL_STEPS.map((step) => ({ id: `return-${step}`, title: `Return: ${STEP_TITLES[step]}`, content: returnEmail(step, sample, dealer) })),
    { id: 'return-fault-reported', title: 'Return: Fault reported', content: returnEmail('requested', fault, dealer) },
    { id: 'return-exchange-requested', title: 'Exchange: How to send it back', content: returnEmail('requested', exchange, dealer) },
    { id: 'return-exchange-settled', title: 'Exchange: Settled', content: returnEmail('refunded', exchange, dealer) },
  ]
}
