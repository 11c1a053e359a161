import { describe, expect, it } from 'vitest'
import { poundsToPence, serviceBookingRequest, testRideRequest } from './booking-request'

const valid = {
  tierId: 3,
  addOnIds: [5],
  day: '2026-12-05',
  bike: { make: 'Trek', model: 'Domane', bikeType: 'road', eBike: false, notes: '' },
  contact: { firstName: 'Ada', lastName: 'Rider', email: 'Ada@Example.co.uk', phone: '07700 900123' },
  extraWorkLimitPence: 2000,
  acceptTerms: true,
}

describe('booking requests', () => {
  it('accepts a booking and normalises contact details', () => {
    const parsed = serviceBookingRequest.parse(valid)
    expect(parsed.contact).toEqual({ firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700900123' })
  })

  it('refuses prices from the browser, huge strings, missing terms and odd days', () => {
    expect(serviceBookingRequest.safeParse({ ...valid, totalPence: 1 }).success).toBe(false)
    expect(serviceBookingRequest.safeParse({ ...valid, bike: { ...valid.bike, pricePence: 1 } }).success).toBe(false)
    expect(serviceBookingRequest.safeParse({ ...valid, bike: { ...valid.bike, notes: 'x'.repeat(100_000) } }).success).toBe(false)
    expect(serviceBookingRequest.safeParse({ ...valid, acceptTerms: false }).success).toBe(false)
    expect(serviceBookingRequest.safeParse({ ...valid, day: 'tomorrow' }).success).toBe(false)
    expect(testRideRequest.safeParse({ productId: 1, day: '2026-12-05', window: '10:00', licence: 'B', contact: valid.contact, acceptTerms: true }).success).toBe(false)
  })

  it('reads pounds typed in a form', () => {
    expect(poundsToPence('£50')).toBe(5000)
    expect(poundsToPence('49.99')).toBe(4999)
    expect(poundsToPence('')).toBe(0)
    expect(poundsToPence('-5')).toBeNaN()
    expect(poundsToPence('1e9')).toBeNaN()
  })
})
