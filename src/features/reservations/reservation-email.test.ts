import { describe, expect, it } from 'vitest'
import { reservationEmail } from './reservation-email'

const r = { reservationNumber: 'RS-ABCDEF', firstName: 'Ada', productName: 'Honda CB500F', pricePence: 549_900, depositPence: 9900, holdExpiresAt: '2026-11-26T21:05:00.000Z' }
const dealer = { name: 'Wheelhouse', phone: '0113 496 0000', email: 'shop@example.co.uk', address: '1 Dealer Way, Leeds', whatToBring: 'Your licence' }

describe('reservation emails', () => {
  it('confirms with the hold end in UK time, the deposit, what is left to pay and the cancel link', () => {
    const m = reservationEmail('confirmed', r, dealer, { manage: 'https://shop.example/reservations/manage?token=abc' })
    expect(m.subject).toContain('RS-ABCDEF')
    expect(m.text).toContain('Thursday 26 November 2026 at 21:05 (UK time)')
    expect(m.text).toContain('£99 deposit')
    expect(m.text).toContain('£5,400')
    expect(m.text).toContain('https://shop.example/reservations/manage?token=abc')
    expect(m.text).toContain('Your licence')
    expect(m.html).toContain('href="https://shop.example/reservations/manage?token=abc"')
  })
  it('tells of the refund when a reservation ends, without a cancel link', () => {
    const m = reservationEmail('released', { ...r, releaseReason: 'Bike failed its pre-delivery check <b>' }, dealer, { manage: 'x' })
    expect(m.text).toContain('refunded')
    expect(m.text).not.toContain('manage')
    expect(m.html).toContain('&lt;b&gt;')
  })
})
