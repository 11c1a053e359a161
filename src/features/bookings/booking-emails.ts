// The booking emails: confirmation (with the calendar file and the link to move or cancel without an
// account), the extra-work quote to approve or decline, ready for collection, cancellation and a move to another
// day. Drawn in the shop's one email layout, each with a button back to the booking's own page.
import { paths } from '../../config/paths'
import { formatDayLong } from '../../domain/booking/calendar'
import { formatPence } from '../../domain/money'
import type { DealerDetails } from '../../domain/emails/email-brand'
import { questionsBlock } from '../../domain/emails/dealer-contact'
import { button, heading, link, paragraphs, rows, text, type EmailContent, type EmailSample } from '../../domain/emails/email-content'
import type { BookingView } from './booking-view'

/** The workshop's own words from the booking settings, for the confirmation. */
export interface BookingWords {
  readonly dropOffTimes: string
  readonly whatToBring: string
  /** The test rides' damage excess, in a sentence. */
  readonly excessText?: string
}

export interface BookingLinks {
  /** The no-account page of the booking: see, move or cancel it. */
  readonly manage: string
  /** The booking as a calendar file (.ics); the confirmation also carries it as an attachment. */
  readonly calendar: string
}

function when(b: BookingView): string {
  return b.kind === 'test_ride' ? `${formatDayLong(b.day)} at ${b.window}` : formatDayLong(b.day)
}

/** Where the bike is dropped off or the test ride starts: the dealer's name and address, as the booking pages say it. */
const placeOf = (dealer: DealerDetails): string => [dealer.name, ...dealer.addressLines].join(', ')

export function confirmationEmail(b: BookingView, dealer: DealerDetails, words: BookingWords, links: BookingLinks): EmailContent {
  if (b.kind === 'test_ride') {
    return {
      subject: `Your ${dealer.name} test ride ${b.reference} on ${formatDayLong(b.day)}`,
      heading: 'Your test ride is booked',
      blocks: [
        ...paragraphs(
          `Hello ${b.firstName},`,
          `Your test ride on the ${b.bike} is booked for ${when(b)} at ${placeOf(dealer)}.`,
          `Please bring your photocard driving licence: we check it before you ride. ${words.excessText ?? ''}`.trim(),
          `Booking reference: ${b.reference}. To cancel, use the link below${dealer.phone ? ` or call us on ${dealer.phone}` : ''}.`,
        ),
        button('View or cancel your test ride', links.manage),
        link('Add it to your calendar (.ics)', links.calendar),
        questionsBlock(dealer),
      ],
    }
  }
  return {
    subject: `Your ${dealer.name} bike service ${b.reference} on ${formatDayLong(b.day)}`,
    heading: 'Your bike service is booked',
    blocks: [
      ...paragraphs(`Hello ${b.firstName},`, `Your ${b.title.toLowerCase()} is booked. Please drop your bike off at ${placeOf(dealer)} on ${formatDayLong(b.day)}, ${words.dropOffTimes}.`),
      heading('What you booked'),
      rows([
        ...b.lines.map((l) => ({ label: l.name, value: formatPence(l.pricePence) })),
        { label: 'Total, VAT included, payable on collection', value: formatPence(b.totalPence ?? 0), strong: true },
      ]),
      ...paragraphs(
        b.extraWorkLimitPence ? `Extra work up to ${formatPence(b.extraWorkLimitPence)} is pre-authorised; above that we ask you first.` : 'We will ask you before doing any extra work.',
        `What to bring: ${words.whatToBring}`,
        `Booking reference: ${b.reference}. You can move or cancel the booking from the link below, no account needed.`,
      ),
      button('Reschedule or cancel your booking', links.manage),
      link('Add the drop-off to your calendar (.ics)', links.calendar),
      questionsBlock(dealer),
    ],
  }
}

export function extraWorkEmail(b: BookingView, dealer: DealerDetails, approveUrl: string): EmailContent {
  const quote = b.extraWork
  return {
    subject: `Your approval is needed: extra work on your bike (${b.reference})`,
    heading: 'Extra work on your bike needs your approval',
    blocks: [
      ...paragraphs(`Hello ${b.firstName},`, 'While servicing your bike our mechanic found work that needs doing:', quote?.description),
      rows([{ label: 'Quote, VAT included', value: formatPence(quote?.quotePence ?? 0), strong: true }]),
      text('Please approve or decline from the link below. We carry on with the service you booked either way.'),
      button('Approve or decline the extra work', approveUrl),
      questionsBlock(dealer),
    ],
  }
}

export function readyEmail(b: BookingView, dealer: DealerDetails, manageUrl: string): EmailContent {
  return {
    subject: `Your bike is ready to collect from ${dealer.name} (${b.reference})`,
    heading: 'Your bike is ready to collect',
    blocks: [
      ...paragraphs(`Hello ${b.firstName},`, `Your bike is ready for collection at ${placeOf(dealer)}.`, b.collectBy && `Please collect it by ${formatDayLong(b.collectBy)}.`),
      button('See your booking', manageUrl),
      questionsBlock(dealer),
    ],
  }
}

export function cancelledEmail(b: BookingView, dealer: DealerDetails, manageUrl: string): EmailContent {
  const what = b.kind === 'test_ride' ? 'test ride' : 'booking'
  return {
    subject: `Your ${dealer.name} ${what} ${b.reference} is cancelled`,
    heading: `Your ${what} is cancelled`,
    blocks: [
      ...paragraphs(`Hello ${b.firstName},`, `Your ${what} for ${when(b)} is cancelled. Nothing is owed.`),
      button('See your booking', manageUrl),
      questionsBlock(dealer),
    ],
  }
}

export function rescheduledEmail(b: BookingView, dealer: DealerDetails, links: BookingLinks): EmailContent {
  return {
    subject: `Your ${dealer.name} booking ${b.reference} is moved to ${formatDayLong(b.day)}`,
    heading: 'Your booking is moved',
    blocks: [
      ...paragraphs(`Hello ${b.firstName},`, `Your booking is now on ${when(b)}.`),
      button('Reschedule or cancel your booking', links.manage),
      link('Updated calendar file (.ics)', links.calendar),
      questionsBlock(dealer),
    ],
  }
}

/** Every booking email on a sample service and test ride, for the admin's previews and the template test. */
export function bookingEmailSamples(dealer: DealerDetails): EmailSample[] {
  const service: BookingView = {
    id: 1,
    reference: 'SV-7K3M9Q',
    kind: 'service',
    status: 'booked',
    statusLabel: 'Booked',
    day: '2026-12-05',
    dayLabel: formatDayLong('2026-12-05'),
    window: null,
    title: 'Full service',
    lines: [
      { name: 'Full service', pricePence: 12_900 },
      { name: 'Tubeless set-up', pricePence: 3_500 },
    ],
    totalPence: 16_400,
    bike: 'Trek Domane (e-bike)',
    firstName: 'Ada',
    lastName: 'Rider',
    email: 'ada@example.co.uk',
    phone: '07700 900123',
    extraWorkLimitPence: 2_000,
    extraWork: { description: 'The chain and cassette are worn past their limits and slip under load.', quotePence: 6_500, decision: null },
    collectBy: '2026-12-12',
  }
  const ride: BookingView = { ...service, reference: 'TR-4H8N2P', kind: 'test_ride', title: 'Test ride: KTM 1390 Super Duke R', bike: 'KTM 1390 Super Duke R', window: '10:00', lines: [], totalPence: null, extraWorkLimitPence: null, extraWork: null, collectBy: null }
  const url = (path: string) => new URL(path, dealer.siteUrl).toString()
  const links: BookingLinks = { manage: url(paths.manageBooking('sample')), calendar: url(paths.bookingCalendar('sample')) }
  const words: BookingWords = { dropOffTimes: 'between 8:30 and 10:00', whatToBring: 'your bike’s keys and any lock codes', excessText: 'The damage excess is £500.' }
  return [
    { id: 'booking-confirmation', title: 'Workshop: booking confirmed', content: confirmationEmail(service, dealer, words, links) },
    { id: 'booking-extra-work-quote', title: 'Workshop: extra work to approve', content: extraWorkEmail(service, dealer, links.manage) },
    { id: 'booking-ready-for-collection', title: 'Workshop: ready to collect', content: readyEmail(service, dealer, links.manage) },
    { id: 'booking-rescheduled', title: 'Workshop: booking moved', content: rescheduledEmail(service, dealer, links) },
    { id: 'booking-cancelled', title: 'Workshop: booking cancelled', content: cancelledEmail(service, dealer, links.manage) },
    { id: 'test-ride-confirmation', title: 'Test ride: booked', content: confirmationEmail(ride, dealer, words, links) },
    { id: 'test-ride-cancelled', title: 'Test ride: cancelled', content: cancelledEmail(ride, dealer, links.manage) },
  ]
}
