import { describe, expect, it } from 'vitest'
import type { Booking } from '../../payload-types'
import { confirmationEmail, extraWorkEmail, readyEmail } from './booking-emails'
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

describe('booking emails and views', () => {
  it('shows customers what they booked, never staff notes', () => {
    const view = toBookingView(booking)
    expect(view).toMatchObject({ reference: 'SV-7K3M9Q', dayLabel: 'Saturday 5 December 2026', bike: 'Trek Domane (e-bike)', totalPence: 16_400, statusLabel: 'Booked' })
    expect(JSON.stringify(view)).not.toContain('never shown')
  })

  it('confirms with the drop-off day, the prices, what to bring and the links', () => {
    const mail = confirmationEmail(toBookingView(booking), { name: 'Wheelhouse', address: 'Wheelhouse, Leeds', phone: '0113', dropOffTimes: 'between 8:30 and 10:00', whatToBring: 'Keys' }, { manage: 'https://shop/bookings/manage?token=t', calendar: 'https://shop/api/bookings/calendar?token=t' })
    expect(mail.subject).toBe('Your bike service SV-7K3M9Q on Saturday 5 December 2026')
    expect(mail.text).toContain('Full service: £129')
    expect(mail.text).toContain('Total, VAT included, payable on collection: £164')
    expect(mail.text).toContain('Extra work up to £20 is pre-authorised')
    expect(mail.text).toContain('Reschedule or cancel your booking: https://shop/bookings/manage?token=t')
    expect(mail.html).toContain('href="https://shop/api/bookings/calendar?token=t"')
  })

  it('escapes staff text in the quote email and gives the collect-by day when ready', () => {
    const quote = extraWorkEmail(toBookingView(booking), 'https://shop/x')
    expect(quote.html).toContain('Worn &lt;chain&gt;')
    expect(quote.text).toContain('£65')
    expect(readyEmail(toBookingView(booking), { address: 'Leeds', phone: '' }, 'https://shop/x').text).toContain('Please collect it by Saturday 12 December 2026.')
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
