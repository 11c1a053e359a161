import { describe, expect, it } from 'vitest'
import type { Booking } from '../../payload-types'
import { emailBrandOf } from '../../domain/emails/email-brand'
import { renderEmail } from '../emails/render-email'
import { bookingEmailSamples, cancelledEmail, confirmationEmail, extraWorkEmail, readyEmail, rescheduledEmail } from './booking-emails'
import { bookingSettingsFrom, capacityOf, rideResource } from './booking-settings'
import { toBookingView } from './booking-view'

const booking = {
  id: 7,
  reference: 'SV-7K3M9Q',
  kind: 'service',
  status: 'booked',
  source: 'online',
  day: '2026-12-05',
  firstName: 'Ada',
  lastName: 'Rider',
  email: 'ada@example.co.uk',
  phone: '07700900123',
  service: {
    lines: [{ name: 'Full service', pricePence: 12_900, minutes: 180 }, { name: 'Tubeless set-up', pricePence: 3_500, minutes: 30 }],
    totalPence: 16_400,
    bike: { make: 'Trek', model: 'Domane', eBike: true },
    extraWorkLimitPence: 2_000,
    extraWork: { description: 'Worn <chain>', quotePence: 6_500, decision: 'pending' },
    collectBy: '2026-12-12',
  },
  staffNotes: 'never shown',
  updatedAt: '2026-12-01T10:00:00Z',
  createdAt: '2026-12-01T10:00:00Z',
} as unknown as Booking
const dealer = emailBrandOf({ dealerName: 'Spokes & Co', phone: '0113 496 0000', address: { line1: '1 Kirkstall Road', town: 'Leeds', postcode: 'LS3 1HS' } }, 'https://shop')
const links = { manage: 'https://shop/bookings/manage?token=t', calendar: 'https://shop/api/bookings/calendar?token=t' }

describe('booking emails and views', () => {
  it('shows customers what they booked, never staff notes', () => {
    const view = toBookingView(booking)
    expect(view).toMatchObject({ reference: 'SV-7K3M9Q', dayLabel: 'Saturday 5 December 2026', bike: 'Trek Domane (e-bike)', totalPence: 16_400, statusLabel: 'Booked' })
    expect(JSON.stringify(view)).not.toContain('never shown')
  })

  it('confirms with the drop-off day, the prices, what to bring and the links', async () => {
    const mail = await renderEmail(confirmationEmail(toBookingView(booking), dealer, { dropOffTimes: 'between 8:30 and 10:00', whatToBring: 'Keys' }, links), dealer)
    expect(mail.subject).toBe('Your Spokes & Co bike service SV-7K3M9Q on Saturday 5 December 2026')
    expect(mail.text).toContain('Please drop your bike off at Spokes & Co, 1 Kirkstall Road, Leeds, LS3 1HS on Saturday 5 December 2026, between 8:30 and 10:00.')
    expect(mail.text).toContain('Full service: £129')
    expect(mail.text).toContain('Total, VAT included, payable on collection: £164')
    expect(mail.text).toContain('Extra work up to £20 is pre-authorised')
    expect(mail.text).toContain('What to bring: Keys')
    expect(mail.text).toContain('Reschedule or cancel your booking https://shop/bookings/manage?token=t')
    expect(mail.text).toContain('Add the drop-off to your calendar (.ics) https://shop/api/bookings/calendar?token=t')
    expect(mail.html).toContain('href="https://shop/api/bookings/calendar?token=t"')
    expect(mail.html).toContain('Spokes &amp; Co')
  })

  it('confirms a test ride with the licence check and the excess', async () => {
    const ride = toBookingView({ ...booking, kind: 'test_ride', window: '10:00', testRide: { bikeName: 'KTM 1390 <Super Duke>' } } as unknown as Booking)
    const mail = await renderEmail(confirmationEmail(ride, dealer, { dropOffTimes: '', whatToBring: '', excessText: 'The damage excess is £500.' }, links), dealer)
    expect(mail.subject).toBe('Your Spokes & Co test ride SV-7K3M9Q on Saturday 5 December 2026')
    expect(mail.text).toContain('Your test ride on the KTM 1390 <Super Duke> is booked for Saturday 5 December 2026 at 10:00')
    expect(mail.text).toContain('Please bring your photocard driving licence: we check it before you ride. The damage excess is £500.')
    expect(mail.text).toContain('or call us on 0113 496 0000.')
    expect(mail.text).toContain('View or cancel your test ride https://shop/bookings/manage?token=t')
    expect(mail.html).toContain('KTM 1390 &lt;Super Duke&gt;')
  })

  it('escapes staff text in the quote email and gives the collect-by day when ready', async () => {
    const quote = await renderEmail(extraWorkEmail(toBookingView(booking), dealer, 'https://shop/x'), dealer)
    expect(quote.html).toContain('Worn &lt;chain&gt;')
    expect(quote.html).not.toContain('<chain>')
    expect(quote.text).toContain('Quote, VAT included: £65')
    expect(quote.text).toContain('Approve or decline the extra work https://shop/x')
    const ready = await renderEmail(readyEmail(toBookingView(booking), dealer, 'https://shop/m'), dealer)
    expect(ready.text).toContain('Please collect it by Saturday 12 December 2026.')
    expect(ready.text).toContain('See your booking https://shop/m')
  })

  it('says a cancelled booking owes nothing and a moved one is on its new day, each linking back to it', async () => {
    const view = toBookingView(booking)
    const cancelled = await renderEmail(cancelledEmail(view, dealer, 'https://shop/m'), dealer)
    expect(cancelled.subject).toBe('Your Spokes & Co booking SV-7K3M9Q is cancelled')
    expect(cancelled.text).toContain('Your booking for Saturday 5 December 2026 is cancelled. Nothing is owed.')
    expect(cancelled.text).toContain('See your booking https://shop/m')
    const moved = await renderEmail(rescheduledEmail(view, dealer, links), dealer)
    expect(moved.text).toContain('Your booking is now on Saturday 5 December 2026.')
    expect(moved.text).toContain('Updated calendar file (.ics) https://shop/api/bookings/calendar?token=t')
  })

  it('has a sample of every email, each rendering with its link back to the booking', async () => {
    const samples = bookingEmailSamples(dealer)
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length)
    for (const s of samples) expect((await renderEmail(s.content, dealer)).html).toContain('/bookings/manage?token=sample')
  })
})

describe('booking settings', () => {
  it('works with settings never saved, and reads capacity from mechanics, hours and share', () => {
    const defaults = bookingSettingsFrom(null)
    expect(defaults.workshop).toMatchObject({ dailyCapacity: 768, leadDays: 1, horizonDays: 60, openWeekdays: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] })
    expect(defaults.testRides.windows.length).toBeGreaterThan(0)
    const custom = bookingSettingsFrom({ workshop: { mechanics: 3, hoursPerMechanic: 7.5, productivePercent: 75, openDays: ['Saturday'] }, closures: [{ day: '2026-12-25', reason: 'Christmas Day' }], testRides: { windows: [{ starts: '9:00', minutes: 60 }, { starts: '10:00', minutes: 45 }] } } as never)
    expect(custom.workshop).toMatchObject({ dailyCapacity: 1012, openWeekdays: ['Saturday'], closures: [{ day: '2026-12-25', reason: 'Christmas Day' }] })
    expect(custom.testRides.windows).toEqual([{ starts: '10:00', minutes: 45 }])
    expect(capacityOf(custom, 'workshop')).toBe(1012)
    expect(capacityOf(custom, rideResource(4, '10:00'))).toBe(1)
  })
})
