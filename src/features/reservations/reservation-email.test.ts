import { describe, expect, it } from 'vitest'
import { emailBrandOf } from '../../domain/emails/email-brand'
import { renderEmail } from '../emails/render-email'
import { reservationEmail, reservationEmailSamples, type EmailReservation, type ReservationEmailKind } from './reservation-email'

const r: EmailReservation = { reservationNumber: 'RS-ABCDEF', firstName: 'Ada', productName: 'Honda CB500F', pricePence: 549_900, depositPence: 9900, holdExpiresAt: '2026-11-26T21:05:00.000Z' }
const dealer = emailBrandOf({ dealerName: 'Moto <Leeds>', phone: '0113 496 0000', email: 'shop@example.co.uk', address: { line1: '1 Dealer Way', town: 'Leeds', postcode: 'LS1 1AA' } }, 'https://shop.example')
const manage = 'https://shop.example/reservations/manage?token=abc'
const rendered = (kind: ReservationEmailKind, reservation: EmailReservation = r) => renderEmail(reservationEmail(kind, reservation, dealer, { manage, whatToBring: 'Your licence' }), dealer)

describe('reservation emails', () => {
  it('confirms with the hold end in UK time, the deposit, what is left to pay, the right to cancel and the link', async () => {
    const m = await rendered('confirmed')
    expect(m.subject).toBe('Your Moto <Leeds> reservation RS-ABCDEF: Honda CB500F is kept for you')
    expect(m.text).toContain('Thursday 26 November 2026 at 21:05 (UK time)')
    expect(m.text).toContain('£99 deposit')
    expect(m.text).toContain('£5,400 is left to pay')
    expect(m.text).toContain('visit Moto <Leeds> (1 Dealer Way, Leeds, LS1 1AA)')
    expect(m.text).toContain('What to bring: Your licence')
    expect(m.text).toContain('14 days from paying to cancel without giving a reason (Consumer Contracts Regulations 2013)')
    expect(m.text).toContain('Reservation number: RS-ABCDEF')
    expect(m.text).toContain(`See, complete or cancel your reservation ${manage}`)
    expect(m.text).toContain('Questions? Contact Moto <Leeds> on 0113 496 0000 or shop@example.co.uk.')
    expect(m.html).toContain('href="https://shop.example/reservations/manage?token=abc"')
    expect(m.html).toContain('Moto &lt;Leeds&gt;')
    expect(m.html).not.toContain('Moto <Leeds>')
  })

  it('tells of the refund when a reservation ends, linking to the reservation but offering no cancel', async () => {
    const m = await rendered('released', { ...r, releaseReason: 'Bike failed its pre-delivery check <b>' })
    expect(m.subject).toContain('has ended: £99 refund')
    expect(m.text).toContain('We have released your reservation of the Honda CB500F: Bike failed its pre-delivery check <b>')
    expect(m.text).toContain('refunded to the card you paid with')
    expect(m.text).toContain(`See your reservation ${manage}`)
    expect(m.text).not.toMatch(/cancel your reservation/i)
    expect(m.html).toContain('&lt;b&gt;')
    expect(m.html).not.toContain('<b>')
  })

  it('has a sample of every kind, each rendering with its subject and link', async () => {
    const samples = reservationEmailSamples(dealer)
    expect(samples.map((s) => s.id)).toEqual(['reservation-confirmed', 'reservation-cancelled', 'reservation-expired', 'reservation-released', 'reservation-refunded', 'reservation-converted'])
    for (const s of samples) {
      const m = await renderEmail(s.content, dealer)
      expect(m.text).toContain('RS-7K3F9Q')
      expect(m.html).toContain('/reservations/manage?token=sample')
    }
  })
})
