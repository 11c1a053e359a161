import { describe, expect, it } from 'vitest'
import { describeIssues } from '../../lib/http/json-body'
import { checkoutFormSchema, CUSTOMER_FIELDS, normaliseUkPhone, placeOrderRequest } from './checkout-form'

const valid = {
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.co.uk', phone: '07700 900123' },
  address: { line1: '1 High Street', town: 'Leeds', postcode: 'ls1 4ap' },
  acceptTerms: true,
}

describe('checkout form', () => {
  it('accepts a UK customer and normalises email, phone and postcode', () => {
    const parsed = checkoutFormSchema.parse(valid)
    expect(parsed.contact.email).toBe('ada@example.co.uk')
    expect(parsed.contact.phone).toBe('07700900123')
    expect(parsed.address.postcode).toBe('LS1 4AP')
  })

  it.each([
    ['+44 7700 900123', '07700900123'],
    ['(0113) 496 0000', '01134960000'],
    ['0044 20 7946 0000', '02079460000'],
    ['12345', null],
    ['07700 90012a', null],
  ])('phone %s → %s', (input, expected) => {
    expect(normaliseUkPhone(input)).toBe(expected)
  })

  it('names each bad field with a message a customer understands', () => {
    const result = checkoutFormSchema.safeParse({ ...valid, contact: { ...valid.contact, email: 'nope', phone: '123' }, address: { ...valid.address, postcode: 'ABC' }, acceptTerms: false })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(messages['contact.email']).toMatch(/email address like/)
    expect(messages['contact.phone']).toMatch(/UK phone number/)
    expect(messages['address.postcode']).toMatch(/UK postcode/)
    expect(messages.acceptTerms).toMatch(/14-day cancellation/)
  })

  it('refuses unknown keys inside contact and address, naming them and what the section takes', () => {
    const result = checkoutFormSchema.safeParse({ ...valid, contact: { ...valid.contact, emial: 'x@y.z' }, address: { ...valid.address, postCode: 'LS1 4AP', country: 'FR' } })
    expect(result.success).toBe(false)
    const problems = describeIssues(result.error!, CUSTOMER_FIELDS)
    expect(problems).toContain('contact: unexpected field emial (contact takes only firstName, lastName, email and phone)')
    expect(problems).toContain('address: unexpected fields postCode, country (address takes only line1, line2, town, county and postcode)')
  })

  it('refuses a price sent by the browser and negative counts', () => {
    const base = { ...valid, checkoutKey: '4d7c3f36-1c8e-4f51-9d0e-2b7f5c1a9e10', deliveryMethod: 'free', lines: [{ productId: 1, count: 1 }] }
    expect(placeOrderRequest.safeParse(base).success).toBe(true)
    expect(placeOrderRequest.safeParse({ ...base, lines: [{ productId: 1, count: 1, pricePence: 1 }] }).success).toBe(false)
    expect(placeOrderRequest.safeParse({ ...base, totalPence: 1 }).success).toBe(false)
    expect(placeOrderRequest.safeParse({ ...base, lines: [{ productId: 1, count: -1 }] }).success).toBe(false)
    expect(placeOrderRequest.safeParse({ ...base, lines: [{ productId: 1, count: 1e9 }] }).success).toBe(false)
  })
})
