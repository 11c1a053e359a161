// The reservation emails: confirmed (with the link to cancel without an account), ended with a refund
// (cancelled, expired, released), and converted to a sale. Plain text plus simple HTML, times in UK time.
import { formatPence } from '../../domain/money'
import { formatUkDateTime, leftToPayPence } from '../../domain/reservations/reservation-rules'
import { CANCELLATION_DAYS, CONSUMER_CONTRACTS_REGULATIONS } from '../../domain/consumer-rights'

export type ReservationEmailKind = 'confirmed' | 'cancelled' | 'expired' | 'released' | 'converted' | 'refunded'

export interface EmailReservation {
  readonly reservationNumber: string
  readonly firstName: string
  readonly productName: string
  readonly pricePence: number
  readonly depositPence: number
  readonly holdExpiresAt?: string | null
  readonly releaseReason?: string | null
}

export interface EmailDealer {
  readonly name: string
  readonly phone?: string | null
  readonly email?: string | null
  readonly address?: string | null
  readonly whatToBring?: string | null
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export function reservationEmail(kind: ReservationEmailKind, r: EmailReservation, dealer: EmailDealer, links: { manage?: string | null }): { subject: string; text: string } & { html: string } {
  const deposit = formatPence(r.depositPence)
  const until = r.holdExpiresAt ? formatUkDateTime(new Date(r.holdExpiresAt)) : null
  const contact = [dealer.phone, dealer.email].filter(Boolean).join(' or ')
  const paragraphs: string[] = []
  let subject: string
  switch (kind) {
    case 'confirmed':
      subject = `Your reservation ${r.reservationNumber}: ${r.productName} is kept for you`
      paragraphs.push(
        `We have received your ${deposit} deposit and the ${r.productName} is reserved for you${until ? ` until ${until}` : ''}. Nobody else can buy or reserve it until then.`,
        `Price ${formatPence(r.pricePence)}; the ${deposit} deposit comes off it, so ${formatPence(leftToPayPence(r.pricePence, r.depositPence))} is left to pay.`,
        `Complete your purchase online, or visit ${dealer.name}${dealer.address ? ` (${dealer.address})` : ''} before the hold ends.`,
        ...(dealer.whatToBring ? [`What to bring: ${dealer.whatToBring}`] : []),
        `Changed your mind? Cancel any time before the hold ends and we refund the ${deposit} to your card. If you don’t buy, the deposit is refunded automatically when the hold ends. You also have ${CANCELLATION_DAYS} days from paying to cancel without giving a reason (${CONSUMER_CONTRACTS_REGULATIONS}).`,
      )
      break
    case 'cancelled':
    case 'expired':
    case 'released':
      subject = `Your reservation ${r.reservationNumber} has ended: ${deposit} refund`
      paragraphs.push(
        kind === 'cancelled'
          ? `You cancelled your reservation of the ${r.productName}.`
          : kind === 'expired'
            ? `The hold on the ${r.productName} has ended without a sale.`
            : `We have released your reservation of the ${r.productName}${r.releaseReason ? `: ${r.releaseReason}` : '.'}`,
        `Your ${deposit} deposit is being refunded to the card you paid with; banks usually show it within 5 to 10 working days.`,
      )
      break
    case 'refunded':
      subject = `Refund of your ${deposit} reservation deposit (${r.reservationNumber})`
      paragraphs.push(`We have refunded your ${deposit} deposit for the ${r.productName} to your card.`)
      break
    case 'converted':
      subject = `Your reservation ${r.reservationNumber} is now a sale`
      paragraphs.push(`Your reservation of the ${r.productName} has become a sale. Your ${deposit} deposit counts towards the price.`)
      break
  }
  paragraphs.push(contact ? `Questions? Contact ${dealer.name} on ${contact}.` : 'Questions? Reply to this email.')
  const manage = kind === 'confirmed' && links.manage ? links.manage : null
  const text = [`Hello ${r.firstName},`, '', ...paragraphs.flatMap((p) => [p, '']), ...(manage ? ['See, complete or cancel your reservation (no account needed):', manage, ''] : []), `Reservation number: ${r.reservationNumber}`].join('\n')
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#14202e;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(r.firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${manage ? `<p><a href="${escapeHtml(manage)}">See, complete or cancel your reservation</a> (no account needed)</p>` : ''}
<p>Reservation number: ${escapeHtml(r.reservationNumber)}</p>
</body></html>`
  return { subject, text, html }
}
