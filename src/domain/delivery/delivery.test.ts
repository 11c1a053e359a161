import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DELIVERY_RATES,
  dealerDeliveryFee,
  deliveryOptionsFor,
  findDeliveryOption,
  isUkPostcode,
  normaliseUkPostcode,
  PICKUP_LOCATION_NOT_FOUND_MESSAGE,
  resolveShippingAddress,
  type DeliveryLine,
  type PostalAddress,
} from './delivery'

const methods = (lines: DeliveryLine[], distanceMiles?: number) => deliveryOptionsFor(lines, { distanceMiles }).map((o) => [o.method, o.feePence])

describe('deliveryOptionsFor', () => {
  it('offers flat-rate home delivery (free by default, spec §9) and free collection for parcel goods', () => {
    expect(methods([{ kind: 'bicycle', count: 1 }, { kind: 'riderwear', count: 2 }])).toEqual([
      ['flat_rate', 0],
      ['free', 0],
    ])
    expect(methods([{ kind: 'e-bike', count: 1 }, { kind: 'accessory', count: 1 }])).toEqual([
      ['flat_rate', 0],
      ['free', 0],
    ])
  })

  it('charges the configured flat rate when there is one', () => {
    const options = deliveryOptionsFor([{ kind: 'accessory', count: 1 }], { rates: { ...DEFAULT_DELIVERY_RATES, flatRatePence: 495 } })
    expect(options.find((o) => o.method === 'flat_rate')?.feePence).toBe(495)
  })

  it('never sends a motorcycle or scooter by parcel, even with accessories alongside', () => {
    for (const kind of ['motorcycle', 'scooter'] as const) {
      const options = deliveryOptionsFor([{ kind, count: 1 }, { kind: 'accessory', count: 3 }])
      expect(options.map((o) => o.method)).toEqual(['dealer_delivery', 'free'])
      expect(options.find((o) => o.method === 'free')).toMatchObject({ feePence: 0, addressSource: 'dealer' })
      expect(options.find((o) => o.method === 'dealer_delivery')).toMatchObject({ addressSource: 'customer' })
    }
  })

  it('prices dealer delivery by distance band, one fee per order, and leaves far or unknown distances to a quote', () => {
    const bikes: DeliveryLine[] = [{ kind: 'motorcycle', count: 2 }]
    expect(methods(bikes, 0)).toEqual([['dealer_delivery', 4900], ['free', 0]])
    expect(methods(bikes, 25)).toEqual([['dealer_delivery', 4900], ['free', 0]])
    expect(methods(bikes, 25.1)).toEqual([['dealer_delivery', 8900], ['free', 0]])
    expect(methods(bikes, 100)).toEqual([['dealer_delivery', 14900], ['free', 0]])
    expect(methods(bikes, 101)).toEqual([['dealer_delivery', null], ['free', 0]])
    expect(methods(bikes)).toEqual([['dealer_delivery', null], ['free', 0]])
    expect(deliveryOptionsFor(bikes)[0]?.description).toMatch(/agree the delivery price/)
  })

  it('ignores lines with no units, and offers nothing for an empty basket', () => {
    expect(deliveryOptionsFor([])).toEqual([])
    expect(methods([{ kind: 'motorcycle', count: 0 }, { kind: 'accessory', count: 1 }])).toEqual([['flat_rate', 0], ['free', 0]])
  })

  it('finds an option only when the basket may use it', () => {
    expect(findDeliveryOption([{ kind: 'scooter', count: 1 }], 'flat_rate')).toBeUndefined()
    expect(findDeliveryOption([{ kind: 'scooter', count: 1 }], 'free')?.feePence).toBe(0)
  })

  it('treats a negative or non-finite distance as unknown', () => {
    expect(dealerDeliveryFee(-1, DEFAULT_DELIVERY_RATES.dealerDeliveryBands)).toBeNull()
    expect(dealerDeliveryFee(Number.NaN, DEFAULT_DELIVERY_RATES.dealerDeliveryBands)).toBeNull()
  })

  it('always offers free collection, and parcel delivery exactly when no vehicle is in the basket', () => {
    const lineArb = fc.record({
      kind: fc.constantFrom('motorcycle' as const, 'scooter' as const, 'bicycle' as const, 'e-bike' as const, 'riderwear' as const, 'accessory' as const),
      count: fc.integer({ min: 1, max: 3 }),
    })
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), fc.option(fc.double({ min: 0, max: 500, noNaN: true }), { nil: undefined }), (lines, distanceMiles) => {
        const options = deliveryOptionsFor(lines, { distanceMiles })
        const hasVehicle = lines.some((l) => l.kind === 'motorcycle' || l.kind === 'scooter')
        expect(options.some((o) => o.method === 'free' && o.feePence === 0)).toBe(true)
        expect(options.some((o) => o.method === 'flat_rate')).toBe(!hasVehicle)
        expect(options.some((o) => o.method === 'dealer_delivery')).toBe(hasVehicle)
        for (const o of options) if (o.feePence !== null) expect(o.feePence).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe('resolveShippingAddress', () => {
  const customer: PostalAddress = { firstName: 'Ada', lastName: 'Lovelace', address1: '12 High Street', city: 'Bristol', postcode: 'bs1 4dj' }
  const dealerShop: PostalAddress = { address1: 'Unit 4, Mill Lane', address2: 'Riverside', city: 'Bath', postcode: 'BA2 3AA', country: 'GB' }

  it('ships flat rate and dealer delivery to the customer’s entered address, postcode tidied', () => {
    const expected = { firstName: 'Ada', lastName: 'Lovelace', address1: '12 High Street', address2: '', city: 'Bristol', postcode: 'BS1 4DJ', country: 'GB' }
    expect(resolveShippingAddress('flat_rate', { customer, dealerShop })).toEqual({ ok: true, address: expected })
    expect(resolveShippingAddress('dealer_delivery', { customer, dealerShop })).toEqual({ ok: true, address: expected })
  })

  it('ships collection orders to the dealer’s shop, named Dealer Website', () => {
    expect(resolveShippingAddress('free', { customer, dealerShop })).toEqual({
      ok: true,
      address: { firstName: 'Dealer', lastName: 'Website', address1: 'Unit 4, Mill Lane', address2: 'Riverside', city: 'Bath', postcode: 'BA2 3AA', country: 'GB' },
    })
  })

  it('reports the spec’s log text when there is no pick-up location or the method is unknown', () => {
    const notFound = { ok: false, reason: 'pickup_location_not_found', logMessage: 'pick up location not found' }
    expect(PICKUP_LOCATION_NOT_FOUND_MESSAGE).toBe('pick up location not found')
    expect(resolveShippingAddress('free', { customer })).toEqual(notFound)
    expect(resolveShippingAddress('free', { customer, dealerShop: { ...dealerShop, postcode: '' } })).toEqual(notFound)
    expect(resolveShippingAddress('local_pickup', { customer, dealerShop })).toEqual(notFound)
  })

  it('gives the customer a message when their address cannot be used', () => {
    expect(resolveShippingAddress('flat_rate', { dealerShop })).toMatchObject({ ok: false, reason: 'customer_address_incomplete' })
    expect(resolveShippingAddress('flat_rate', { customer: { ...customer, city: ' ' } })).toMatchObject({ ok: false, reason: 'customer_address_incomplete' })
    expect(resolveShippingAddress('flat_rate', { customer: { ...customer, postcode: '12345' } })).toMatchObject({
      ok: false,
      reason: 'invalid_postcode',
      message: 'Please enter a valid UK postcode, for example SW1A 1AA.',
    })
    expect(resolveShippingAddress('flat_rate', { customer: { ...customer, country: 'FR' } })).toMatchObject({ ok: false, reason: 'outside_uk' })
  })

  it('fills in the default names when the customer left theirs blank', () => {
    const result = resolveShippingAddress('flat_rate', { customer: { ...customer, firstName: ' ', lastName: undefined } })
    expect(result).toMatchObject({ ok: true, address: { firstName: 'Dealer', lastName: 'Website' } })
  })
})

describe('UK postcodes', () => {
  it('normalises case and spacing', () => {
    expect(normaliseUkPostcode('sw1a1aa')).toBe('SW1A 1AA')
    expect(normaliseUkPostcode('  ec1a   1bb ')).toBe('EC1A 1BB')
    expect(normaliseUkPostcode('m11ae')).toBe('M1 1AE')
    expect(normaliseUkPostcode('B33 8TH')).toBe('B33 8TH')
    expect(normaliseUkPostcode('cr2 6xh')).toBe('CR2 6XH')
    expect(normaliseUkPostcode('DN551PT')).toBe('DN55 1PT')
    expect(normaliseUkPostcode('w1a0ax')).toBe('W1A 0AX')
    expect(normaliseUkPostcode('gir0aa')).toBe('GIR 0AA')
  })

  it('rejects what is not a UK postcode', () => {
    for (const bad of ['', '12345', 'SW1A', '1AA', 'SW1A 1A', 'SW1A 1AAA', 'QA1 1AA', 'VX1 1AA', 'AI1 1AA', 'SW1A 1CA', 'SW1A 1AI', 'W1I 1AA', 'SW1A-1AA', 'AB1C 1AA']) {
      expect(normaliseUkPostcode(bad), bad).toBeNull()
      expect(isUkPostcode(bad)).toBe(false)
    }
  })

  it('accepts any well-formed postcode however it is spaced or cased', () => {
    const pick = (chars: string) => fc.constantFrom(...chars.split(''))
    const first = pick('ABCDEFGHIJKLMNOPRSTUWYZ')
    const digit = pick('0123456789')
    const outward = fc.oneof(
      fc.tuple(first, digit, fc.constantFrom('', ...'0123456789ABCDEFGHJKPSTUW'.split(''))).map((p) => p.join('')),
      fc.tuple(first, pick('ABCDEFGHKLMNOPQRSTUVWXY'), digit, fc.constantFrom('', ...'0123456789ABEHMNPRVWXY'.split(''))).map((p) => p.join('')),
    )
    const inward = fc.tuple(digit, pick('ABDEFGHJLNPQRSTUWXYZ'), pick('ABDEFGHJLNPQRSTUWXYZ')).map((p) => p.join(''))
    fc.assert(
      fc.property(outward, inward, fc.constantFrom('', ' ', '  '), fc.boolean(), (out, inw, gap, lower) => {
        const typed = `${out}${gap}${inw}`
        expect(normaliseUkPostcode(lower ? typed.toLowerCase() : typed)).toBe(`${out} ${inw}`)
      }),
    )
  })

  it('is idempotent, and its output is always outward code, one space, inward code', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '.split('')), maxLength: 10 }), (input) => {
        const once = normaliseUkPostcode(input)
        if (once === null) return
        expect(normaliseUkPostcode(once)).toBe(once)
        expect(once).toMatch(/^[A-Z0-9]{2,4} [0-9][A-Z]{2}$/)
      }),
    )
  })
})
