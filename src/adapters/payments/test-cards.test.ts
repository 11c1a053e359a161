import { describe, expect, it } from 'vitest'
import { checkCard, passesLuhn } from './test-cards'

const now = new Date('2026-11-22T10:00:00Z')
const card = (number: string, extra: Partial<{ expiry: string; cvc: string; name: string }> = {}) => checkCard({ number, expiry: '12/30', cvc: '123', name: 'A Rider', ...extra }, now)

describe('Luhn', () => {
  it('accepts real test numbers and rejects a changed digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true)
    expect(passesLuhn('4000002500003155')).toBe(true)
    expect(passesLuhn('4242424242424241')).toBe(false)
    expect(passesLuhn('42424242')).toBe(false)
    expect(passesLuhn('4242a24242424242')).toBe(false)
  })
})

describe('test cards', () => {
  it('4242… succeeds, 0002 is declined, 3155 asks for 3-D Secure', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, outcome: 'succeeds', brand: 'Visa', last4: '4242' })
    expect(card('4000 0000 0000 0002')).toMatchObject({ ok: true, outcome: 'declined', last4: '0002' })
    expect(card('4000-0025-0000-3155')).toMatchObject({ ok: true, outcome: 'requires_3ds', last4: '3155' })
  })

  it('declines a valid number that is not a test card, and refuses a Luhn-invalid one as a form error', () => {
    expect(card('4111 1111 1111 1111')).toMatchObject({ ok: true, outcome: 'declined' })
    expect(card('4242 4242 4242 4241')).toEqual({ ok: false, errors: { number: 'Enter a valid card number' } })
  })

  it('checks expiry, CVC and name', () => {
    expect(card('4242424242424242', { expiry: '10/26' })).toEqual({ ok: false, errors: { expiry: 'This card has expired' } })
    expect(card('4242424242424242', { expiry: '11/26' }).ok).toBe(true)
    expect(card('4242424242424242', { expiry: '13/30' })).toMatchObject({ ok: false, errors: { expiry: expect.any(String) } })
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ ok: false, errors: { cvc: expect.any(String) } })
    expect(card('4242424242424242', { name: ' ' })).toMatchObject({ ok: false, errors: { name: expect.any(String) } })
  })
})
