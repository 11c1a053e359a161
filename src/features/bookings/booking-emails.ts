// The booking emails: confirmation (with the calendar file and the link to move or cancel without an
// account), the extra-work quote to approve or decline, ready for collection, and cancellation.
import { formatDayLong } from '../../domain/booking/calendar'
import { formatPence } from '../../domain/money'
import type { BookingView } from './booking-view'

export interface EmailText {
  readonly subject: string
  readonly text: string
  readonly html: string
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function render(subject: string, paragraphs: readonly string[], links: readonly { label: string; url: string }[]): EmailText {
  const text = [...paragraphs, '', ...links.map((l) => `${l.label}: ${l.url}`), ''].join('\n')
  const html = [
    '<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0d1927">',
    ...paragraphs.map((p) => (p ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>` : '')),
    ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
    '</body></html>',
  ].join('')
  return { subject, text, html }
}

function when(b: BookingView): string {
  return b.kind === 'test_ride' ? `${formatDayLong(b.day)} at ${b.window}` : formatDayLong(b.day)
}

export function confirmationEmail(b: BookingView, dealer: { name: string; address: string; phone: string; dropOffTimes: string; whatToBring: string; excessText?: string }, links: { manage: string; calendar: string }): EmailText {
  if (b.kind === 'test_ride') {
    return render(`Your test ride ${b.reference} on ${formatDayLong(b.day)}`, [
      `Hello ${b.firstName},`,
      `Your test ride on the ${b.bike} is booked for ${when(b)} at ${dealer.address}.`,
      `Please bring your photocard driving licence: we check it before you ride. ${dealer.excessText ?? ''}`.trim(),
      `Booking reference: ${b.reference}. To cancel, use the link below${dealer.phone ? ` or call us on ${dealer.phone}` : ''}.`,
    ], [{ label: 'Add it to your calendar (.ics)', url: links.calendar }, { label: 'View or cancel your test ride', url: links.manage }])
  }
  return render(`Your bike service ${b.reference} on ${formatDayLong(b.day)}`, [
    `Hello ${b.firstName},`,
    `Your ${b.title.toLowerCase()} is booked. Please drop your bike off at ${dealer.address} on ${formatDayLong(b.day)}, ${dealer.dropOffTimes}.`,
    `What you booked:\n${b.lines.map((l) => `${l.name}: ${formatPence(l.pricePence)}`).join('\n')}\nTotal, VAT included, payable on collection: ${formatPence(b.totalPence ?? 0)}`,
    b.extraWorkLimitPence ? `Extra work up to ${formatPence(b.extraWorkLimitPence)} is pre-authorised; above that we ask you first.` : 'We will ask you before doing any extra work.',
    `What to bring: ${dealer.whatToBring}`,
    `Booking reference: ${b.reference}. You can move or cancel the booking from the link below, no account needed.`,
  ], [{ label: 'Add the drop-off to your calendar (.ics)', url: links.calendar }, { label: 'Reschedule or cancel your booking', url: links.manage }])
}

export function extraWorkEmail(b: BookingView, link: string): EmailText {
  const quote = b.extraWork
  return render(`Your approval is needed: extra work on your bike (${b.reference})`, [
    `Hello ${b.firstName},`,
    'While servicing your bike our mechanic found work that needs doing:',
    quote?.description ?? '',
    `Quote, VAT included: ${formatPence(quote?.quotePence ?? 0)}.`,
    'Please approve or decline from the link below. We carry on with the service you booked either way.',
  ], [{ label: 'Approve or decline the extra work', url: link }])
}

export function readyEmail(b: BookingView, dealer: { address: string; phone: string }, link: string): EmailText {
  return render(`Your bike is ready to collect (${b.reference})`, [
    `Hello ${b.firstName},`,
    `Your bike is ready for collection at ${dealer.address}.`,
    b.collectBy ? `Please collect it by ${formatDayLong(b.collectBy)}.` : '',
    dealer.phone ? `Questions? Call us on ${dealer.phone}.` : '',
  ], [{ label: 'See your booking', url: link }])
}

export function cancelledEmail(b: BookingView): EmailText {
  return render(`Booking ${b.reference} cancelled`, [`Hello ${b.firstName},`, `Your ${b.kind === 'test_ride' ? 'test ride' : 'booking'} for ${when(b)} is cancelled. Nothing is owed.`], [])
}

export function rescheduledEmail(b: BookingView, links: { manage: string; calendar: string }): EmailText {
  return render(`Booking ${b.reference} moved to ${formatDayLong(b.day)}`, [`Hello ${b.firstName},`, `Your booking is now on ${when(b)}.`], [
    { label: 'Updated calendar file (.ics)', url: links.calendar },
    { label: 'Reschedule or cancel your booking', url: links.manage },
  ])
}
