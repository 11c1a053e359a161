// The emails about an order's Cycle to Work certificate (ADR 053): it is with us and staff are confirming it with the
// scheme; staff refused it; or nobody confirmed it in time. A confirmed certificate's order gets the order
// confirmation itself. One per order and kind (the idempotency key in confirmation-email.server.ts), in the one layout.
import { formatPence } from '../../domain/money'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { button, heading, list, paragraphs, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { schemeLabel, type CycleScheme } from '../../domain/payments/cycle-to-work'
import { orderUrl, SAMPLE_ORDER, type ConfirmationOrder } from './confirmation-email'

export const CERTIFICATE_EMAIL_KINDS = ['submitted', 'refused', 'lapsed'] as const
export type CertificateEmailKind = (typeof CERTIFICATE_EMAIL_KINDS)[number]

export function isCertificateEmailKind(kind: unknown): kind is CertificateEmailKind {
  return (CERTIFICATE_EMAIL_KINDS as readonly unknown[]).includes(kind)
}

export interface CertificateEmailOrder extends Pick<ConfirmationOrder, 'orderNumber' | 'hasAccount' | 'firstName' | 'lines' | 'totalPence'> {
  readonly certificate: { readonly scheme: CycleScheme; readonly number: string; readonly valuePence: number }
  /** What the card paid for it (the balance), 0 when nothing. */
  readonly cardPaidPence: number
  /** Staff's reason for refusing the certificate. */
  readonly reason?: string | null
  readonly holdHours: number
}

export function certificateEmail(kind: CertificateEmailKind, order: CertificateEmailOrder, dealer: DealerDetails): EmailContent {
  const number = order.orderNumber
  const scheme = schemeLabel(order.certificate.scheme)
  const certificate = `${scheme} certificate ${order.certificate.number} (${formatPence(order.certificate.valuePence)})`
  const cardBack = order.cardPaidPence > 0 ? `The ${formatPence(order.cardPaidPence)} you paid by card is refunded to your card; refunds usually reach your account within 3 to 5 working days.` : 'Nothing was taken from your card.'
  let subject: string
  let said: string[]
  switch (kind) {
    case 'submitted':
      subject = `We have your Cycle to Work certificate for order ${number}`
      said = [
        `Thank you. We have your ${certificate} for order ${number}${order.cardPaidPence > 0 ? `, and the balance of ${formatPence(order.cardPaidPence)} you paid by card` : ''}.`,
        `We are confirming the certificate with ${scheme}, and keep your goods for you meanwhile (up to ${order.holdHours} hours). Once it is confirmed we email you your order confirmation and get your order ready.`,
        'A certificate is redeemed in full with one order: nothing of it is given back in money.',
      ]
      break
    case 'refused':
      subject = `Your Cycle to Work certificate could not be accepted: order ${number} cancelled`
      said = [`We could not redeem your ${certificate} with ${scheme}${order.reason ? `: ${order.reason}` : '.'}`, `So your order ${number} has been cancelled and the goods went back on sale. ${cardBack}`, `Please check the certificate with ${scheme} or your employer; you are welcome to order again.`]
      break
    case 'lapsed':
      subject = `Your order ${number} has been cancelled: the certificate was not confirmed in time`
      said = [`We could not confirm your ${certificate} with ${scheme} in time, so your order ${number} has been cancelled and the goods went back on sale.`, cardBack, 'The certificate was not redeemed: you can still use it, here or elsewhere.']
      break
  }
  return {
    subject,
    heading: subject.replace(/ for order .*$|: order .*$/, ''),
    blocks: [text(`Hello ${order.firstName},`), ...paragraphs(...said), heading('Items'), list(order.lines.map((l) => `${l.count} × ${l.name}`)), button('View your order', orderUrl(dealer.siteUrl, order)), questionsBlock(dealer)],
  }
}

const TITLES: Record<CertificateEmailKind, string> = { submitted: 'Cycle to Work certificate received', refused: 'Cycle to Work certificate refused', lapsed: 'Cycle to Work certificate not confirmed in time' }

/** Each certificate email on the sample order (an e-bike, £1,000 of it by certificate), for the admin's previews and the template test. */
export function certificateEmailSamples(dealer: DealerDetails): EmailSample[] {
  const sample: CertificateEmailOrder = {
    ...SAMPLE_ORDER,
    lines: [{ name: 'Cube Kathmandu Hybrid One 625', count: 1, lineTotalPence: 140_000 }],
    totalPence: 140_000,
    certificate: { scheme: 'cyclescheme', number: 'CS12345678', valuePence: 100_000 },
    cardPaidPence: 40_000,
    reason: 'the scheme says this certificate has already been redeemed.',
    holdHours: 120,
  }
  return CERTIFICATE_EMAIL_KINDS.map((kind) => ({ id: `order-certificate-${kind}`, title: `Order: ${TITLES[kind]}`, content: certificateEmail(kind, sample, dealer) }))
}
