// The reservation emails: confirmed (with the link to see, complete or cancel without an account), ended with a
// refund (cancelled, expired, released), the deposit refunded, and converted to a sale. Times in UK time; drawn in
// the shop's one email layout, every one with a button back to the reservation's own page.
import { paths } from '../../config/paths'
import { formatPence } from '../../domain/money'
import { formatUkDateTime, leftToPayPence } from '../../domain/reservations/reservation-rules'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS } from '../../domain/consumer-rights'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { button, paragraphs, rows, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'

export const RESERVATION_EMAIL_KINDS = ['confirmed', 'cancelled', 'expired', 'released', 'refunded', 'converted'] as const
export type ReservationEmailKind = (typeof RESERVATION_EMAIL_KINDS)[number]

export interface EmailReservation {
  readonly reservationNumber: string
  readonly firstName: string
  readonly productName: string
  readonly pricePence: number
  readonly depositPence: number
  readonly holdExpiresAt?: string | null
  readonly releaseReason?: string | null
}

export interface ReservationEmailExtras {
  /** The no-account page of the reservation (see, complete or cancel it; an ended one shows how it ended). */
  readonly manage?: string | null
  /** Site settings › Reservations: what to bring to the dealer to complete the purchase. */
  readonly whatToBring?: string | null
}

export function reservationEmail(kind: ReservationEmailKind, r: EmailReservation, dealer: DealerDetails, extras: ReservationEmailExtras = {}): EmailContent {
  const deposit = formatPence(r.depositPence)
  const until = r.holdExpiresAt ? formatUkDateTime(new Date(r.holdExpiresAt)) : null
  const where = dealer.addressLines.length > 0 ? ` (${dealer.addressLines.join(', ')})` : ''
  let subject: string
  let title: string
  let said: string[]
  switch (kind) {
    case 'confirmed':
      subject = `Your ${dealer.name} reservation ${r.reservationNumber}: ${r.productName} is kept for you`
      title = `The ${r.productName} is reserved for you`
      said = [
        `We have received your ${deposit} deposit and the ${r.productName} is reserved for you${until ? ` until ${until}` : ''}. Nobody else can buy or reserve it until then.`,
        `Price ${formatPence(r.pricePence)}; the ${deposit} deposit comes off it, so ${formatPence(leftToPayPence(r.pricePence, r.depositPence))} is left to pay.`,
        `Complete your purchase online, or visit ${dealer.name}${where} before the hold ends.`,
        ...(extras.whatToBring ? [`What to bring: ${extras.whatToBring}`] : []),
        `Changed your mind? Cancel any time before the hold ends and we refund the ${deposit} to your card. If you don’t buy, the deposit is refunded automatically when the hold ends. You also have ${CANCELLATION_DAYS} days from paying to cancel without giving a reason (${CONSUMER_CONTRACTS_REGULATIONS}).`,
      ]
      break
    case 'cancelled':
    case 'expired':
    case 'released':
      subject = `Your ${dealer.name} reservation ${r.reservationNumber} has ended: ${deposit} refund`
      title = 'Your reservation has ended'
      said = [
        kind === 'cancelled'
          ? `You cancelled your reservation of the ${r.productName}.`
          : kind === 'expired'
            ? `The hold on the ${r.productName} has ended without a sale.`
            : `We have released your reservation of the ${r.productName}${r.releaseReason ? `: ${r.releaseReason}` : '.'}`,
        `Your ${deposit} deposit is being refunded to the card you paid with; banks usually show it within 5 to 10 working days.`,
      ]
      break
    case 'refunded':
      subject = `Refund of your ${deposit} ${dealer.name} reservation deposit (${r.reservationNumber})`
      title = 'Your deposit is refunded'
      said = [`We have refunded your ${deposit} deposit for the ${r.productName} to your card.`]
      break
    case 'converted':
      subject = `Your ${dealer.name} reservation ${r.reservationNumber} is now a sale`
      title = 'Your reservation is now a sale'
      said = [`Your reservation of the ${r.productName} has become a sale. Your ${deposit} deposit counts towards the price.`]
      break
  }
  return {
    subject,
    heading: title,
    blocks: [
      text(`Hello ${r.firstName},`),
      ...paragraphs(...said),
      rows([['Reservation number', r.reservationNumber]]),
      ...(extras.manage
        ? kind === 'confirmed'
          ? [button('See, complete or cancel your reservation', extras.manage), text('No account needed.', true)]
          : [button('See your reservation', extras.manage)]
        : []),
      questionsBlock(dealer),
    ],
  }
}

/** Each reservation email on a sample reservation of a used bike, for the admin's previews and the template test. */
export function reservationEmailSamples(dealer: DealerDetails): EmailSample[] {
  const sample: EmailReservation = {
    reservationNumber: 'RS-7K3F9Q',
    firstName: 'Ada',
    productName: 'Honda CB500F (2021)',
    pricePence: 549_900,
    depositPence: 9_900,
    holdExpiresAt: '2026-11-26T21:05:00.000Z',
    releaseReason: 'the bike failed its pre-delivery check',
  }
  const extras = { manage: new URL(paths.manageReservation('sample'), dealer.siteUrl).toString(), whatToBring: 'your photocard driving licence and proof of address' }
  const titles: Record<ReservationEmailKind, string> = {
    confirmed: 'Confirmed',
    cancelled: 'Cancelled by the customer',
    expired: 'Hold ended without a sale',
    released: 'Released by the dealer',
    refunded: 'Deposit refunded',
    converted: 'Became a sale',
  }
  return RESERVATION_EMAIL_KINDS.map((kind) => ({ id: `reservation-${kind}`, title: `Reservation: ${titles[kind]}`, content: reservationEmail(kind, sample, dealer, extras) }))
}
